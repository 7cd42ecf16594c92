// Issue 14's reproducer: fill's loops, inlined twice into main, lie inside
// the inlined instances' address ranges. The row loop's header (r * 7 hoisted
// there by LICM, without a location) and latch (the copy feeding the next r,
// then the jump back) used to fall outside them: each instance had two ranges
// and gdb left the inline frame for main's call line on every iteration.
// RUN: %atomc -O2 -g -c %s -o %t.o
// RUN: llvm-dwarfdump --debug-info %t.o | filecheck %s
// RUN: llvm-objdump --no-show-raw-insn -d --debug-inlined-funcs=limits-only %t.o \
// RUN:   | filecheck --check-prefix=ASM %s
// REQUIRES: llvm-dwarfdump, llvm-objdump
#include <stdio.h>
static int grid[4][5];
static void fill(int seed)
{
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 5; c++)
            grid[r][c] = (r * 7 + c * 3 + seed) % 11;
}
int main(void)
{
    fill(2);
    fill(5);
    printf("%d\n", grid[3][4]);
    return 0;
}
// Each instance and the block of `r` is one address range (low_pc/high_pc,
// not DW_AT_ranges). (The block of `c`, fully unrolled, may have several: the
// strength-reduced steps of `r * 7` and of the row address belong to `r`'s
// block and the scheduler places them among the copies of the body.)
// CHECK:      DW_TAG_inlined_subroutine
// CHECK-NEXT:   DW_AT_abstract_origin {{.*}} "fill"
// CHECK-NEXT:   DW_AT_low_pc
// CHECK-NEXT:   DW_AT_high_pc
// CHECK-NEXT:   DW_AT_call_file
// CHECK-NEXT:   DW_AT_call_line (21)
// CHECK:        DW_TAG_lexical_block
// CHECK-NEXT:     DW_AT_low_pc
// CHECK-NEXT:     DW_AT_high_pc
// CHECK:      DW_TAG_inlined_subroutine
// CHECK-NEXT:   DW_AT_abstract_origin {{.*}} "fill"
// CHECK-NEXT:   DW_AT_low_pc
// CHECK-NEXT:   DW_AT_high_pc
// CHECK-NEXT:   DW_AT_call_file
// CHECK-NEXT:   DW_AT_call_line (22)
// CHECK:        DW_TAG_lexical_block
// CHECK-NEXT:     DW_AT_low_pc
// CHECK-NEXT:     DW_AT_high_pc
// CHECK-NOT:  DW_TAG_inlined_subroutine

// The header and the latch are inside the first instance (the latch: the
// increments, `r * 7` strength-reduced to a step of 7, the compare and the
// branch back: the row address steps after its last use, so it needs no copy
// and no jump-only latch). The second instance begins after its first instruction, the
// `leaq` of grid, which is the call line's statement in main
// (codegen/debuginfo/call_site_entries.py).
// ASM:      inlined-loop-ranges.c:21:5: fill inlined into main
// ASM-NOT:  end of fill
// ASM:      addl $0x7,
// ASM-NOT:  end of fill
// ASM:      cmpl $0x4,
// ASM-NOT:  end of fill
// ASM:      jl
// ASM-NEXT: inlined-loop-ranges.c:21:5: end of fill inlined into main
// ASM-NEXT: leaq
// ASM-NEXT: inlined-loop-ranges.c:22:5: fill inlined into main
