// gcc's loop alignment at -O2 and -O3 (x86_64/asm/loop_align.py): the block a later
// branch jumps back to is padded to 16 bytes when that takes at most 10, else to 8.
// Not at -O1, -Os or -O0, and never for a function without a loop.
// RUN: %atomc -O2 -S %s -o - | filecheck %s
// RUN: %atomc -O3 -S %s -o - | filecheck %s
// RUN: %atomc -O1 -S %s -o - | filecheck %s --check-prefix=NONE
// RUN: %atomc -Os -S %s -o - | filecheck %s --check-prefix=NONE
// RUN: %atomc -O0 -S %s -o - | filecheck %s --check-prefix=NONE
// NONE-NOT: .p2align 4,,10

int sum(const int *a, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
// CHECK-LABEL: sum:
// CHECK:       .p2align 4,,10
// CHECK-NEXT:  .p2align 3
// CHECK-NEXT:  [[HEAD:.LBB[0-9_]+]]:
// CHECK-NOT:   .p2align
// CHECK:       j{{[a-z]+}} [[HEAD]]
// CHECK:       .cfi_endproc

int pick(int a, int b)
{
    return a > b ? a - b : b - a;
}
// CHECK-LABEL: pick:
// CHECK-NOT:   .p2align
// CHECK:       .cfi_endproc
