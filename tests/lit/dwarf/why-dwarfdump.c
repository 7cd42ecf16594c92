// RUN: %atomc -O2 -g %s -o %t && %dwarfdump --info %t | filecheck %s
// atomc-dwarfdump decodes DW_AT_atomc_why's record: before line 11 assigns `t`
// it is "not assigned yet"; line 13 (`u = t * 2`) reads it last and overwrites
// its register with `u`; `sq` is never used.
#include <stdio.h>
__attribute__((noinline)) int work(int n);
int main(void) { return work(5); }
__attribute__((noinline)) int work(int n)
{
  int sq = n * 1.5;
  int t = n + 3;
  printf("%d\n", t);
  int u = t * 2;
  printf("%d\n", u);
  return 0;
}
// CHECK-LABEL: name: "work"
// `n` is `t - 3` while t's register holds n + 3 (ldv/derived.py); its entry value
// stands in once line 13 overwrites that register; the record keeps that reason
// for a debugger that cannot resolve the entry value
// CHECK:      formal_parameter
// CHECK-NEXT: atomc_why: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}): dead after line 13
// CHECK-NEXT: decl_file: why-dwarfdump.c
// CHECK-NEXT: decl_line: 8
// CHECK:      location: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}): DW_OP_breg3 0, DW_OP_constu 3, DW_OP_minus, DW_OP_stack_value
// CHECK-NEXT: location: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}): DW_OP_entry_value
// CHECK:      atomc_why: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}): not assigned yet (line 11 assigns it)
// CHECK-NEXT: atomc_why: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}): dead after line 13
// CHECK-NEXT: decl_file
// CHECK-NEXT: decl_line: 11
// CHECK:      name: "u"
// CHECK:      atomc_why: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}): dead after line 10
// CHECK-NEXT: decl_file
// CHECK-NEXT: decl_line: 10
// CHECK-NEXT: name: "sq"
