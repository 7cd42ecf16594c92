// A `while` loop with a `break`, inlined into main and unrolled completely
// (opt/loop_passes.py _Trips, dwarf/iteration_heads.py). Its exit test on the
// `while` line (16) folds away in every trip; each trip gets an is_stmt
// row of line 16 before its first row of the `if` (17): the header is the
// loop's own test, not the first exiting block's (the break's `if`, which gave
// rows of line 17 only), and trips 1 to 6, whose previous trip ends on its
// break path, get it at their block's first instruction.
// RUN: %atomc -O2 -g -c %s -o %t.o
// RUN: llvm-dwarfdump --debug-line %t.o | filecheck %s
// REQUIRES: llvm-dwarfdump
#include <stdio.h>

static int find_first(const int *v, int n, int wanted)
{
    int idx = 0;
    while (idx < n) {
        if (v[idx] == wanted)
            break;
        idx++;
    }
    return idx;
}

int main(void)
{
    int v[7] = {5, 3, 9, 1, 9, 2, 8};
    printf("%d\n", find_first(v, 7, 9));
    return 0;
}

// Trip 0 after the call line's row; trips 1 to 6 each at their block's first
// instruction (the load of v[idx]), the `if` row right after it.
// CHECK:      27 20 1 0 0 0 is_stmt
// CHECK-NEXT: 16 16 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 16 16 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 16 16 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 16 16 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 16 16 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 16 16 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 16 16 1 0 0 0 is_stmt
// CHECK-NEXT: 17 20 1 0 0 0 is_stmt
// CHECK-NEXT: 27 5 1 0 0 0 {{$}}
