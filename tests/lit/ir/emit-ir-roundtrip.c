// IR produced by the front end parses, verifies and prints back unchanged.
// RUN: %atomc -g -O0 -S --emit-ir %s -o %t.ir
// RUN: %opt %t.ir > %t.2.ir
// RUN: diff %t.ir %t.2.ir
// RUN: filecheck %s < %t.2.ir

struct node { int v; struct node *next; };

static int sum(struct node *n) {
  int s = 0;
  for (; n; n = n->next)
    s += n->v;
  return s;
}

int main(void) {
  struct node b = {2, 0}, a = {1, &b};
  return sum(&a) == 3 ? 0 : 1;
}

// CHECK: define internal @sum(ptr %{{.*}}) -> (i32) dbg !{{[0-9]+}} {
// CHECK: #dbg new
// CHECK: DICompositeType(tag: struct, name: "node"
