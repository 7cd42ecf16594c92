// `c ? a : b` used as a condition branches on c, then on the arm it chose, as
// Clang's EmitBranchOnBoolExpr does; each test is a key instruction of the loop
// condition (compare and branch in atoms of their own, Clang's loop rule). The
// test of c is then the line's first key instruction, so a breakpoint on the
// line stops at the loop head (json-c's `while (PEEK_CHAR(c, tok))`), not on a
// store inside one arm (tests/optdebug/test_cond_macro_loop_head.py).
// RUN: %atomc -S --emit-ir -g -gkey-instructions %s -o - | filecheck %s

int peek(int *t, int len, int c)
{
    int n = 0;
    while (t[0] == len ? (t[1] = 0, 0) : (c = t[2], 1))
        n += c;
    return n;
}
// CHECK-LABEL: define @peek(
// CHECK:      [[TEST:%[0-9]+]] = icmp eq i32 {{.*}} !loc(line: 12, column: 17, {{.*}} atom: {{[0-9]+}} 1)
// CHECK-NEXT: branch i1 [[TEST]], [[THEN:bb[0-9]+]], [[ELSE:bb[0-9]+]]  !loc(line: 12, column: 17, {{.*}} atom: {{[0-9]+}} 1)
// CHECK:      [[THEN]]:
// CHECK:      store i32 0, {{.*}} !loc(line: 12, column: 32,
// CHECK-NEXT: [[Z:%[0-9]+]] = icmp ne i32 0, i32 0  !loc(line: 12, column: 37, {{.*}} atom: {{[0-9]+}} 1)
// CHECK-NEXT: branch i1 [[Z]], [[BODY:bb[0-9]+]], [[END:bb[0-9]+]]  !loc(line: 12, column: 37, {{.*}} atom: {{[0-9]+}} 1)
// CHECK:      [[ELSE]]:
// CHECK:      store i32 {{%[0-9]+}}, {{.*}} !loc(line: 12, column: 45,
// CHECK-NEXT: [[O:%[0-9]+]] = icmp ne i32 1, i32 0  !loc(line: 12, column: 53, {{.*}} atom: {{[0-9]+}} 1)
// CHECK-NEXT: branch i1 [[O]], [[BODY]], [[END]]  !loc(line: 12, column: 53, {{.*}} atom: {{[0-9]+}} 1)
