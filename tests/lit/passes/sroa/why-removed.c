// RUN: %atomc -O2 -g -S --emit-ir %s -o - | filecheck %s
// RUN: %atomc -O2 -g -S %s -o /dev/null --print-mir-after=isel 2>&1 | filecheck --check-prefix=MIR %s
// `q` points into `s`; sroa splits `s` into scalars, so the address `q` held
// is gone: its record says sroa removed it, in the IR and in the machine IR.
struct pair { int x, y; };
int combine(int a, int b) {
  struct pair s = {a, b};
  int *q = &s.y;
  return *q * 3 + s.x;
}
// CHECK: #dbg new #{{[0-9]+}}, ![[Q:[0-9]+]], none, () why(removed, "sroa")  !loc(line: 8,
// CHECK: ![[Q]] = DILocalVariable(name: "q",
// MIR: DBG_VALUE ; q () !{{[0-9]+}} new {{[0-9]+}} why(removed, "sroa")
