// An inlined function with no variables (p25_const_volatile's tick) still gets
// its DW_TAG_inlined_subroutine: it is a frame. The writer used to create an
// instance's DIE only for its variables, so tick's code had no instance and
// gdb showed its line 17 in the caller's frame (poll:17), and `step` never
// entered tick.
// RUN: %atomc -O2 -g -c %s -o %t.o
// RUN: llvm-dwarfdump --debug-info %t.o | filecheck %s
// RUN: %atomc -O2 -g1 -c %s -o %t1.o
// RUN: llvm-dwarfdump --debug-info %t1.o | filecheck %s
// REQUIRES: llvm-dwarfdump
volatile unsigned int g_ticks;

static void tick(void)
{
    g_ticks = g_ticks + 1;
}

int main(void)
{
    tick();
    return (int)g_ticks;
}
// CHECK:      DW_TAG_subprogram
// CHECK:        DW_AT_name ("main")
// CHECK:        DW_TAG_inlined_subroutine
// CHECK-NEXT:     DW_AT_abstract_origin ({{0x[0-9a-f]+}} "tick")
// CHECK-NEXT:     DW_AT_low_pc
// CHECK-NEXT:     DW_AT_high_pc
// CHECK-NEXT:     DW_AT_call_file
// CHECK-NEXT:     DW_AT_call_line (20)
