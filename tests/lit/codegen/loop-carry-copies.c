// -O2: a loop-carried value computed from a two-address copy of itself needs no
// latch copy.
// RUN: %atomc -O2 -S %s -o - | filecheck %s
//
// `t = m * q[j] + r[j] + carry` starts with a copy and `carry = t >> 32` copies
// `t` again while `t` is still read (the store of its low half). The coalescer
// tries the latch's back-edge copy into `carry` before the body's copies of the
// same loop depth, so the next carry gets carry's register; the scheduler keeps
// the copy `carry' = t` after the earlier reads of `t`, so the two do not
// overlap. The loop then ends in `cmp; jl header`, with no latch block holding a
// copy and a `jmp` on every iteration (bench/programs/bigcarry.c's inner loop).

typedef unsigned int limb;
typedef unsigned long long dlimb;

void mul_row(limb *r, const limb *q, limb m, int n)
{
    dlimb carry = 0;
    for (int j = 0; j < n; j++) {
        dlimb t = (dlimb)m * q[j] + r[j] + carry;
        r[j] = (limb)t;
        carry = t >> 32;
    }
    r[n] = (limb)carry;
}

// CHECK-LABEL: mul_row:
// CHECK:       .p2align 3
// CHECK-NEXT:  [[LOOP:.LBB0_[0-9]+]]:
// CHECK-NOT:   jmp
// CHECK:       shrq $32, %[[CARRY:r[a-z0-9]+]]
// CHECK-NOT:   jmp
// CHECK:       jl [[LOOP]]
// CHECK-NOT:   jmp [[LOOP]]
// CHECK:       movl %[[CARRY]]d, (%rdi,%rax,4)
// CHECK:       ret
