// A recursive call's argument computed from the caller's own parameter plus a
// constant: the caller keeps n in a callee-saved register across fib(n - 1), so
// the call site's value is that register minus 1, masked to 32 bits because
// `leal -1(%rbx), %edi` zero-extends (n = 0 passes 2^32 - 1, not %rbx - 1); the
// second argument, n - 2, is computed in that register in place (+0). main's
// argc + 9 (its own entry value plus 9) is not described: gdb evaluates a
// nested entry value in the wrong frame. These let the callee's
// DW_OP_entry_value location of n resolve after its register is reused.
// RUN: %atomc -O2 -g -c %s -o %t.o
// RUN: llvm-dwarfdump --debug-info %t.o | filecheck %s
// REQUIRES: llvm-dwarfdump
#include <stdio.h>
__attribute__((noinline)) static int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}
int main(int argc, char **argv)
{
    (void)argv;
    printf("%d\n", fib(argc + 9));
    return 0;
}
// CHECK-LABEL: DW_AT_name ("fib")
// CHECK: DW_TAG_formal_parameter
// CHECK: DW_AT_location
// CHECK: DW_OP_entry_value(DW_OP_reg5 RDI), DW_OP_stack_value
// CHECK: DW_TAG_call_site
// CHECK: DW_TAG_call_site_parameter
// CHECK-NEXT: DW_AT_location (DW_OP_reg5 RDI)
// CHECK-NEXT: DW_AT_call_value (DW_OP_breg3 RBX-1, DW_OP_constu 0xffffffff, DW_OP_and)
// CHECK: DW_TAG_call_site
// CHECK: DW_TAG_call_site_parameter
// CHECK-NEXT: DW_AT_location (DW_OP_reg5 RDI)
// CHECK-NEXT: DW_AT_call_value (DW_OP_breg3 RBX+0)
// CHECK-LABEL: DW_AT_name ("main")
// CHECK-NOT: DW_OP_consts +9
