// -O2: a min update inside a loop (`if (x < best) best = x;`, re-reading the
// array element in the arm) is one compare and one cmov, no branch:
// GVN reuses the element loaded before the `if` (the arm's only predecessor
// is the branch block), select-form makes the triangle a select, and the
// select's compare is emitted at the cmov (no setcc + test).
// RUN: %atomc -O2 -S %s -o - | filecheck %s
// RUN: %atomc -O2 -g -S %s -o - | filecheck %s

// CHECK-LABEL: smallest:
// CHECK:       .LBB{{[0-9_]+}}:
// CHECK:         movl ({{.*}}), %[[X:[a-z0-9]+]]
// CHECK-NOT:     set
// CHECK-NOT:     test
// CHECK-NOT:     j{{[a-z]+}} .LBB
// CHECK:         cmpl %{{[a-z0-9]+}}, %[[X]]
// CHECK-NOT:     cmp
// CHECK:         cmovl{{l?}} %[[X]], %{{[a-z0-9]+}}

int smallest(const int *a, int n)
{
    int best = a[0];
    for (int i = 1; i < n; i++)
        if (a[i] < best)
            best = a[i];
    return best;
}
