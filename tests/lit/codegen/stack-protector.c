// -fstack-protector-strong: the canary is loaded from %fs:40 after the prologue
// into the highest slot, right below the saved registers; the char array lies
// directly below it, the int array below that and the address-taken scalar
// lowest (gcc's phases), so an overflow reaches the canary first. Before the
// epilogue the slot is compared with %fs:40 and a mismatch jumps to a call of
// __stack_chk_fail after the last return, which keeps the body's CFI state.
// `no_stack_protector` opts a function out, `stack_protect` opts one in.
// RUN: %atomc -S -O0 -fstack-protector-strong %s -o - | filecheck %s
// RUN: %atomc -S -O2 -fstack-protector-strong %s -o - | filecheck %s --check-prefix=O2
// RUN: %atomc -S -O2 -fno-pic -fstack-protector-explicit %s -o - | filecheck %s --check-prefix=EXPLICIT

void sink(void *);

int guarded(int n)
{
    int scalar = n;
    int numbers[4];
    char text[16];
    sink(text);
    sink(numbers);
    sink(&scalar);
    return scalar + text[0] + numbers[1];
}

__attribute__((no_stack_protector)) int unguarded(void)
{
    char text[64];
    sink(text);
    return text[0];
}

__attribute__((stack_protect)) int asked_for(int x) { return x + 1; }

// CHECK-LABEL: guarded:
// CHECK:       subq $48, %rsp
// CHECK-NEXT:  movq %fs:40, %rax
// CHECK-NEXT:  movq %rax, -8(%rbp)
// CHECK-NEXT:  xorl %eax, %eax
// CHECK:       leaq -24(%rbp), %rdi
// CHECK:       call sink@PLT
// CHECK:       leaq -40(%rbp), %rdi
// CHECK:       call sink@PLT
// CHECK:       leaq -48(%rbp), %rdi
// CHECK:       call sink@PLT
// CHECK:       movq -8(%rbp), %rdx
// CHECK-NEXT:  subq %fs:40, %rdx
// CHECK-NEXT:  jne .LBB0_[[FAIL:[0-9]+]]
// CHECK-NEXT:  .cfi_remember_state
// CHECK-NEXT:  addq $48, %rsp
// CHECK-NEXT:  popq %rbp
// CHECK-NEXT:  .cfi_def_cfa %rsp, 8
// CHECK-NEXT:  ret
// CHECK-NEXT:  .cfi_restore_state
// CHECK-NEXT:  .LBB0_[[FAIL]]:
// CHECK-NEXT:  call __stack_chk_fail@PLT
// CHECK-NEXT:  ud2
// CHECK-NEXT:  .Lfunc_end0:
// CHECK-LABEL: unguarded:
// CHECK-NOT:   %fs:40
// CHECK-LABEL: asked_for:
// CHECK:       movq %fs:40, %rax

// O2-LABEL: guarded:
// O2:       subq $56, %rsp
// O2-NEXT:  .cfi_def_cfa_offset 64
// O2-NEXT:  movq %fs:40, %rax
// O2-NEXT:  movq %rax, 48(%rsp)
// O2-NEXT:  xorl %eax, %eax
// O2:       leaq 32(%rsp), %rdi
// O2:       leaq 16(%rsp), %rdi
// O2:       movq 48(%rsp), %rdx
// O2-NEXT:  subq %fs:40, %rdx
// O2-NEXT:  jne .LBB0_[[FAIL:[0-9]+]]
// O2:       .LBB0_[[FAIL]]:
// O2-NEXT:  call __stack_chk_fail@PLT

// EXPLICIT-LABEL: guarded:
// EXPLICIT-NOT:   %fs:40
// EXPLICIT-LABEL: asked_for:
// EXPLICIT:       movq %fs:40, %rax
// EXPLICIT:       call __stack_chk_fail{{$}}
