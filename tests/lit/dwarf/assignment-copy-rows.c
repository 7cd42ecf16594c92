// The line table of tests/optdebug/programs/assign_copy.c at -O2: each arm's
// `out = N;` (lines 13, 15, 17) survives only as the copy into the `if`'s join
// (`mov $N, %reg` before the jump), and that copy has an is_stmt row of its
// assignment's line (mem2reg's EdgeArg, isel lower_edge_copies), between the
// tests of lines 12 and 14 and the join's line 18. Before, the copies carried
// no line of their own and gdb never stopped on the assignments.
// RUN: %atomc -O2 -g -c %S/../../optdebug/programs/assign_copy.c -o %t.o
// RUN: llvm-dwarfdump --debug-line %t.o > %t.lines
// RUN: llvm-objdump -d --no-show-raw-insn %t.o > %t.asm
// RUN: cat %t.lines %t.asm | filecheck %s
// REQUIRES: llvm-dwarfdump, llvm-objdump

// CHECK:      0x{{[0-9a-f]+}} 12 11 1 0 0 0 is_stmt
// CHECK-NEXT: 0x{{0*}}[[A13:[0-9a-f]+]] 13 13 1 0 0 0 is_stmt
// CHECK-NEXT: 0x{{[0-9a-f]+}} 14 16 1 0 0 0 is_stmt
// CHECK-NEXT: 0x{{[0-9a-f]+}} 14 28 1 0 0 0 is_stmt
// CHECK-NEXT: 0x{{0*}}[[A15:[0-9a-f]+]] 15 13 1 0 0 0 is_stmt
// CHECK-NEXT: 0x{{0*}}[[A17:[0-9a-f]+]] 17 13 1 0 0 0 is_stmt
// CHECK-NEXT: 0x{{[0-9a-f]+}} 18 13 1 0 0 0 is_stmt

// The copies: each row's address holds its arm's `mov`.
// CHECK:      {{^ *}}[[A13]]:{{\s+}}movl{{\s+}}$0x3, %{{[a-z]+}}
// CHECK-NEXT: jmp
// CHECK:      {{^ *}}[[A15]]:{{\s+}}movl{{\s+}}$0x1, %{{[a-z]+}}
// CHECK-NEXT: jmp
// CHECK-NEXT: {{^ *}}[[A17]]:{{\s+}}movl{{\s+}}$0x2, %{{[a-z]+}}
