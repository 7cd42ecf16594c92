// The scheduler hoists printf's argument set-up (line 21) into scale's inlined
// code (lines 10-14). Each hoisted instruction takes the location of the code it
// now follows; when that code was hoisted too, it is the location that code got,
// not the line it came from (hoisted_lines.py once read the neighbour before
// settling it, and a row of line 21 split scale's code: gdb showed main:19
// again and re-entered scale twice, lldb showed line 21 there).
// RUN: %atomc -S -O2 -g %S/../../optdebug/programs/hoisted_into_inlined.c -o - \
// RUN:   | filecheck %s

// CHECK-LABEL: main:
// CHECK:       .loc 1 10 17
// CHECK-NOT:   .loc 1 21
// CHECK:       .loc 1 11 17
// CHECK-NOT:   .loc 1 21
// CHECK:       .loc 1 12 17
// CHECK-NOT:   .loc 1 21
// CHECK:       .loc 1 13 17
// CHECK-NOT:   .loc 1 21
// CHECK:       .loc 1 14 5
// CHECK:       .loc 1 20 10
// CHECK:       .loc 1 21 5
// CHECK-NEXT:  call printf@PLT
