// The scheduler hoists the inlined bump's first load (counter) above main's
// computation of its argument (table[1] * 3). That load, which can never be a
// key instruction, takes the location it lands in (main's line 24), so bump's
// instance is one address range after the argument's code, instead of two
// with main's code between (gdb took the second for a new entry into bump and
// stepped main:24, bump:18, main:24, bump:18). Only locations change, not the code.
// RUN: %atomc -O2 -g -c %s -o %t.o
// RUN: llvm-dwarfdump --debug-info %t.o | filecheck %s
// RUN: llvm-objdump --no-show-raw-insn -d --debug-inlined-funcs=limits-only %t.o \
// RUN:   | filecheck --check-prefix=ASM %s
// REQUIRES: llvm-dwarfdump, llvm-objdump
#include <stdio.h>
static int counter = 5;
int calls;
int table[4] = {10, 20, 30, 40};
static int bump(int by)
{
    counter += by;
    calls++;
    return counter;
}
int main(void)
{
    int a = bump(table[1] * 3);
    printf("%d\n", a);
    return 0;
}
// CHECK:      DW_TAG_inlined_subroutine
// CHECK-NEXT:   DW_AT_abstract_origin {{.*}} "bump"
// CHECK-NEXT:   DW_AT_low_pc
// CHECK-NEXT:   DW_AT_high_pc
// CHECK-NEXT:   DW_AT_call_file
// CHECK-NEXT:   DW_AT_call_line (24)

// The instance's first instruction, printf's `movb $0, %al` the scheduler placed
// there, is the call line's statement in main (codegen/debuginfo/
// call_site_entries.py), so bump's range begins after it.
// ASM:      <main>:
// ASM-NOT:  bump inlined into main
// ASM:      movl (%rip), %ecx
// ASM-NOT:  bump inlined into main
// ASM:      imull $0x3,
// ASM-NEXT: movb $0x0, %al
// ASM-NEXT: inlined-hoisted-ranges.c:24:13: bump inlined into main
// ASM-NOT:  end of bump
// ASM:      addl %e{{[a-z]+}}, %e{{[a-z]+}}
// ASM-NOT:  end of bump
// ASM:      movl (%rip), %esi
// ASM-NEXT: inlined-hoisted-ranges.c:24:13: end of bump inlined into main
// ASM-NEXT: callq
