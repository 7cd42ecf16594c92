// The block a C label starts is marked `source_label` in the IR text; the mark
// survives printing and parsing and reaches the back end, whose -O0 fall-through
// pass keeps the label's line on the jump into it as a `nop` (gcc -O0's goto_locus).
// RUN: %atomc -O0 -S --emit-ir %s -o %t.ir
// RUN: %opt %t.ir > %t.2.ir
// RUN: diff %t.ir %t.2.ir
// RUN: filecheck %s < %t.2.ir
// RUN: %python -m atomc.codegen -O0 %t.2.ir | filecheck %s --check-prefix=ASM

int f(int n) {
    int s = 0;
    while (n) {
    top:
        s++;
        n--;
    }
    if (s > 100)
        goto top;
    return s;
}
// CHECK-LABEL: define @f(
// CHECK:       bb0:{{$}}
// CHECK:       bb1:{{$}}
// CHECK:       bb2: source_label{{$}}
// CHECK-NOT:   source_label
// CHECK:       ret i32
// ASM-LABEL:   f:
// ASM:         jmp .LBB0_3
// ASM-NEXT:    .LBB0_1:
// ASM-NEXT:    nop
// ASM-NEXT:    .LBB0_2:
