// Optimised IR (block parameters, merged locations, atoms, records made by
// mem2reg and friends) parses, verifies and prints back unchanged.
// RUN: %atomc -g -O2 -S --emit-ir %s -o %t.ir
// RUN: %opt %t.ir > %t.2.ir
// RUN: diff %t.ir %t.2.ir
// RUN: filecheck %s < %t.2.ir

#include <stdio.h>

struct pair { long a, b; };

static struct pair step(struct pair p, int k) {
  struct pair r = {p.b, p.a + p.b * k};
  return r;
}

int main(int argc, char **argv) {
  struct pair p = {0, 1};
  int total = 0;
  for (int i = 0; i < 10 + argc; i++) {
    p = step(p, i & 3);
    if (p.b & 1)
      total += (int)p.a;
    else
      total -= i;
  }
  switch (total & 3) {
  case 0: printf("zero %d\n", total); break;
  case 1: printf("one %s\n", argv[0] ? "x" : "y"); break;
  default: printf("many %ld\n", p.b);
  }
  return 0;
}

// CHECK: define @main(i32 %{{.*}}, ptr %{{.*}}) -> (i32) dbg !{{[0-9]+}} {
// CHECK: bb{{[0-9]+}}(
// CHECK: #dbg new
// CHECK: call i32 ptr @printf({{.*}}) fixed 1
// CHECK: key_instructions: true
