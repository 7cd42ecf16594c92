// Machine passes at -O2, one stage at a time: linear scan leaves no virtual
// register, the peephole turns `cmp $0` into `test` (same line), and frame
// lowering pushes nothing: the coalesced loop needs no callee-saved register.
// RUN: %atomc -O2 -S %s -o /dev/null --print-mir-after=drop-barriers,regalloc-linear,peephole,frame-lowering 2>&1 | filecheck %s

int sum(int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

// CHECK-LABEL: MIR after drop-barriers
// CHECK:       cmpl #0, %v1:4 :8:21
// CHECK:       movl [%v0:8 + %v5:8*4], %v7:4 :9:10
// CHECK-LABEL: MIR after regalloc-linear
// CHECK-NOT:   %v
// CHECK:       cmpl #0, $rsi:4 :8:21
// CHECK-NOT:   %v
// CHECK:       movl [$rdi:8 + $[[IDX:[a-z0-9]+]]:8*4], $[[VAL:[a-z0-9]+]]:4 :9:10
// CHECK-NOT:   %v
// The latch's block-argument copies are coalesced: the counter and its
// increment share a register and the latch block is only a jump.
// CHECK:       addl #1, $[[I:[a-z0-9]+]]:4 :8:26
// CHECK-NEXT:  cmpl $rsi:4, $[[I]]:4 :8:21
// CHECK-NEXT:  jge %bb.[[EXIT:[0-9]+]]
// CHECK-NEXT:  bb.{{[0-9]+}}:
// CHECK-NEXT:  jmp %bb.1
// CHECK-NOT:   frame-setup
// CHECK-LABEL: MIR after peephole
// CHECK:       testl $rsi:4, $rsi:4 :8:21
// CHECK-NOT:   cmpl #0
// CHECK-LABEL: MIR after frame-lowering
// CHECK-NEXT:  mfunction @sum {
// CHECK:       bb.0:
// CHECK-NEXT:  testl $rsi:4, $rsi:4 :8:21
// CHECK-NOT:   frame-
// CHECK:       ret implicit $rax
