// The line table of tests/optdebug/programs/return_brace.c at -O2: a function
// with one `return e;` has its result copy on the return line and its `ret`
// (with the epilogue, if any) on the closing brace, both is_stmt, so `step`
// stops on the `}` after the return as at -O0. The front end's return fold
// gives the `ret` the return statement's location (Key Instructions) and keeps
// the brace as Ret.close; isel puts the `ret` there. Before, the `}` had no row
// and gdb went from the return line back to the caller.
// RUN: %atomc -O2 -g -c %S/../../optdebug/programs/return_brace.c -o %t.o
// RUN: llvm-dwarfdump --debug-line %t.o > %t.lines
// RUN: llvm-objdump -d --no-show-raw-insn %t.o > %t.asm
// RUN: cat %t.lines %t.asm | filecheck %s
// REQUIRES: llvm-dwarfdump, llvm-objdump

// scale: `return p + 7;` (line 10), then the `ret` alone on line 11.
// CHECK:      0x{{[0-9a-f]+}} 10 14 1 0 0 0 is_stmt
// CHECK-NEXT: 0x{{[0-9a-f]+}} 10 5 1 0 0 0 {{$}}
// CHECK-NEXT: 0x{{0*}}[[S11:[0-9a-f]+]] 11 1 1 0 0 0 is_stmt
// sum_to: `return total;` is the copy into %eax (line 18), the `ret` line 19.
// CHECK:      0x{{0*}}[[T18:[0-9a-f]+]] 18 5 1 0 0 0 is_stmt
// CHECK-NEXT: 0x{{0*}}[[T19:[0-9a-f]+]] 19 1 1 0 0 0 is_stmt
// main: `return 0;` (line 27) is the xor; the epilogue begins the `}` row.
// CHECK:      0x{{0*}}[[M27:[0-9a-f]+]] 27 5 1 0 0 0 is_stmt
// CHECK-NEXT: 0x{{0*}}[[M28:[0-9a-f]+]] 28 1 1 0 0 0 is_stmt epilogue_begin
// CHECK-NEXT: 28 1 1 0 0 0 is_stmt end_sequence

// CHECK:      {{^ *}}[[S11]]:{{\s+}}retq
// CHECK:      {{^ *}}[[T18]]:{{\s+}}movl{{\s+}}%ecx, %eax
// CHECK-NEXT: {{^ *}}[[T19]]:{{\s+}}retq
// CHECK:      {{^ *}}[[M27]]:{{\s+}}xorl{{\s+}}%eax, %eax
// CHECK-NEXT: {{^ *}}[[M28]]:{{\s+}}addq{{\s+}}$0x8, %rsp
