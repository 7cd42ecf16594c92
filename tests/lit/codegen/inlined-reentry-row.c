// Issue 14's reproducer inlines fill's loop twice in a row: the second copy
// began with its loop header (line 6) right after the first copy's exit test
// (line 6). gdb notices an inlined call only at a new line, and from another
// inlined instance it does not check for one, so it never showed the second
// call (compute_reentries gave such an entry a row of fill's opening line).
// RUN: %atomc -c -O2 -g %S/../../lldbplugin/programs/inlined_loop.c -o %t.o
// RUN: %dwarfdump --lines %t.o | filecheck %s
// Now each instance's first instruction (the `leaq` of grid) is its call
// line's statement in main (codegen/debuginfo/call_site_entries.py): a new
// line for gdb before each body, so no opening-line row is needed; the
// callee's first row follows with is_stmt.

// CHECK:      inlined_loop.c:12:5 is_stmt prologue_end
// CHECK-NEXT: inlined_loop.c:6:23 is_stmt
// CHECK:      inlined_loop.c:13:5 is_stmt
// CHECK-NEXT: inlined_loop.c:6:23 is_stmt
// CHECK-NOT:  :5:0
