// The scheduler fills the wait of line 16's stores with the loop's entry copy of
// line 20 (`c = 27`, its only instruction once the entry branch falls through).
// That copy is a possible key instruction of line 20, but a stop there would come
// before the stores of lines 16-18 and before `c++` (line 19) takes effect: gdb
// would step 20, 16, 17, 18 and show c = 250 at line 20 (fuzz seed 6). Hoisted
// above an earlier line's stop, it joins the line it lands in instead, so line 20
// has no row before line 18's store (the code is the same; only rows change).
// RUN: %atomc -S -O2 -g %s -o - | filecheck %s

int g;
int sink(int *a);

int f(int n)
{
    unsigned char c = 250;
    int a[3] = {0};
    a[0] = 1;
    a[1] = 1;
    c++;
    for (c = 27; c != 33; c++)
        for (g = 0; g < n; g++)
            a[g % 3] += c;
    return sink(a) + c;
}
// CHECK-LABEL: f:
// CHECK:       .loc 1 16 9 prologue_end
// CHECK-NEXT:  movq $0, 4(%rsp)
// CHECK-NOT:   .loc 1 20
// CHECK:       movl $27, %
// CHECK-NOT:   .loc 1 20
// CHECK:       .loc 1 17 10
// CHECK-NOT:   .loc 1 20
// CHECK:       .loc 1 18 10
// CHECK-NEXT:  movl $1, 8(%rsp)
