// Issue 14's reproducer inlines fill's loop twice in a row: the second copy
// begins with its loop header (line 6) right after the first copy's exit test
// (line 6). gdb notices an inlined call only at a new line, and from another
// inlined instance it does not check for one, so it never showed the second
// call. The second copy's entry gets a statement row of fill's opening line (5)
// and its own row, with is_stmt, on the next instruction.
// RUN: %atomc -c -O2 -g %S/../../lldbplugin/programs/inlined_loop.c -o %t.o
// RUN: %dwarfdump --lines %t.o | filecheck %s

// CHECK:      inlined_loop.c:6:23 is_stmt prologue_end
// CHECK:      inlined_loop.c:5:0 is_stmt
// CHECK-NEXT: inlined_loop.c:6:23 is_stmt
// CHECK-NOT:  :5:0
