// Every spelling: clang's [[clang::optnone]] and __optnone__, gcc's
// [[gnu::optimize]] and __optimize__; an attribute of another vendor's
// namespace that gcc ignores is dropped without a warning about a nameless one.
// RUN: %atomc -O2 -S --emit-ir %s -o - 2>&1 | filecheck %s

[[clang::optnone]] int f(int x) { return x + 1; }
// CHECK-NOT: warning
// CHECK: define @f(i32 %0) -> (i32) attrs(noinline, optnone)
[[gnu::optimize("O0")]] int g(int x) { return x + 1; }
// CHECK: define @g(i32 %0) -> (i32) attrs(noinline, optnone)
__attribute__((__optnone__)) int h(int x) { return x + 1; }
// CHECK: define @h(i32 %0) -> (i32) attrs(noinline, optnone)
__attribute__((__optimize__("O1"))) int k(int x) { return x + 1; }
// CHECK: define @k(i32 %0) -> (i32) attrs(optlevel1)
[[clang::noinline]] int m(int x) { return x + 1; }
// CHECK: define @m(i32 %0) -> (i32) dbg
int main(void) { return f(1) + g(2) + h(3) + k(4) + m(5); }
