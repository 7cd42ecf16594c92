// A variadic callee saves rdi..r9 and xmm0..xmm7 (at 48 + 16k) in its register save area in the prologue
// (frame-setup, so no line rows), and va_start writes gp_offset = 8 * named
// integer arguments, fp_offset = 48, overflow_arg_area = CFA (first stack
// argument, %rbp+16) and reg_save_area = the save area.
// RUN: %atomc -S -O0 -g %s -o - | filecheck %s
#include <stdarg.h>

int sum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

// CHECK-LABEL: sum:
// CHECK:       .cfi_def_cfa_register %rbp
// CHECK-NEXT:  subq ${{[0-9]+}}, %rsp
// CHECK-NEXT:  movq %rdi, [[SAVE:-[0-9]+]](%rbp)
// CHECK-NEXT:  movq %rsi,
// CHECK-NEXT:  movq %rdx,
// CHECK-NEXT:  movq %rcx,
// CHECK-NEXT:  movq %r8,
// CHECK-NEXT:  movq %r9,
// CHECK-NEXT:  movsd %xmm0, [[SAVE_XMM:-[0-9]+]](%rbp)
// CHECK-NEXT:  movsd %xmm1,
// CHECK-NEXT:  movsd %xmm2,
// CHECK-NEXT:  movsd %xmm3,
// CHECK-NEXT:  movsd %xmm4,
// CHECK-NEXT:  movsd %xmm5,
// CHECK-NEXT:  movsd %xmm6,
// CHECK-NEXT:  movsd %xmm7,
// CHECK-NEXT:  movl %edi,
// CHECK:       .loc 1 11 {{[0-9]+}} prologue_end
// CHECK:       movl $8, [[AP:-[0-9]+]](%rbp)
// CHECK-NEXT:  movl $48,
// CHECK-NEXT:  leaq 16(%rbp), %rax
// CHECK:       leaq [[SAVE]](%rbp), %rax
