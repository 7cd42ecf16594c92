// -O2 loops without latch copies and without no-op zero extensions.
// RUN: %atomc -O2 -S %s -o - | filecheck %s
//
// Each loop's latch passes the incremented counter (and the running sum) back
// to the header as block arguments; the coalescer gives each value and its
// next value one register, so the latch block is empty and the exit test
// branches straight back: `cmp; jl header`, no `jmp` and no copy per iteration.
// (The strength-reduced induction variables, `c * 3`, `r * 7` and the row and
// element addresses, step in the same latch, between the counter and its test.)

int table[60][60];

long fill(int seed)
{
    long sum = 0;
    for (int r = 0; r < 60; r++)
        for (int c = 0; c < 60; c++) {
            table[r][c] = (r * 7 + c * 3 + seed) % 11;
            sum += table[r][c];
        }
    return sum;
}

// CHECK-LABEL: fill:
// CHECK:       [[OUTER:.LBB0_[0-9]+]]:
// CHECK:       [[INNER:.LBB0_[0-9]+]]:
// CHECK-NOT:   jmp
// CHECK:       addl $1, %[[C:[a-z0-9]+]]
// CHECK-NOT:   jmp
// CHECK:       cmpl $60, %[[C]]
// CHECK-NEXT:  jl [[INNER]]
// CHECK-NOT:   jmp
// CHECK:       addl $1, %[[R:[a-z0-9]+]]
// CHECK-NOT:   jmp
// CHECK:       cmpl $60, %[[R]]
// CHECK-NEXT:  jl [[OUTER]]
// CHECK-NOT:   jmp
// CHECK:       ret

// A 32-bit result is already zero-extended in its 64-bit register: the
// `movl %r, %r` that widened it is gone (after `addl`, after a 32-bit load),
// and a truncation to a byte before a byte store leaves no move either.

unsigned long widen_sum(unsigned a, unsigned b) { return (unsigned long)(a * 3u + b); }

// CHECK-LABEL: widen_sum:
// CHECK:       addl %esi, %edi
// CHECK-NEXT:  movq %rdi, %rax
// CHECK-NEXT:  ret

unsigned long load_widen(const unsigned *p, int i) { return p[i]; }

// CHECK-LABEL: load_widen:
// CHECK:       movl (%rdi,%rax,4), %[[V:e[a-z]+]]
// CHECK-NOT:   movl %[[V]], %[[V]]
// CHECK:       ret

void trunc_store(unsigned x, unsigned char *out) { *out = (unsigned char)(x + 1); }

// CHECK-LABEL: trunc_store:
// CHECK:       addl $1, %edi
// CHECK-NEXT:  movb %dil, (%rsi)
// CHECK-NEXT:  ret
