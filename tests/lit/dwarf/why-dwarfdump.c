// RUN: %atomc -O2 -g %s -o %t && %dwarfdump --info %t | filecheck %s
// atomc-dwarfdump decodes DW_AT_atomc_why's record: before line 11 assigns `t`
// it is "not assigned yet"; the call on line 12 reads it last, after which its
// register holds `u`; `sq` is never used.
#include <stdio.h>
__attribute__((noinline)) int work(int n);
int main(void) { return work(5); }
__attribute__((noinline)) int work(int n)
{
  int sq = n * n;
  int t = n + 3;
  printf("%d\n", t);
  int u = t * 2;
  printf("%d\n", u);
  return 0;
}
// CHECK-LABEL: name: "work"
// `n` has no record (it would sort first): it is located over the whole body
// CHECK:      formal_parameter
// CHECK-NEXT: decl_file: why-dwarfdump.c
// CHECK-NEXT: decl_line: 8
// CHECK:      atomc_why: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}): not assigned yet (line 11 assigns it)
// CHECK-NEXT: atomc_why: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}): dead after line 12
// CHECK-NEXT: decl_file
// CHECK-NEXT: decl_line: 11
// CHECK:      name: "u"
// CHECK:      atomc_why: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}): dead after line 10
// CHECK-NEXT: decl_file
// CHECK-NEXT: decl_line: 10
// CHECK-NEXT: name: "sq"
