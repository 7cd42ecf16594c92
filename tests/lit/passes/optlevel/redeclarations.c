// A function's level follows its declarations: a later optimize(...) replaces
// an earlier one, optnone on the prototype holds for the definition, and an
// attribute on the definition alone is enough.
// RUN: %atomc -O2 -S --emit-ir %s -o - | filecheck %s

int a(int) __attribute__((optimize("O1")));
__attribute__((optimize("O3"))) int a(int x) { return x; }
// CHECK: define @a(i32 %0) -> (i32) attrs(optlevel3)
int b(int) __attribute__((optnone));
int b(int x) { return x; }
// CHECK: define @b(i32 %0) -> (i32) attrs(noinline, optnone)
int c(int);
__attribute__((optimize("O0"))) int c(int x) { return x; }
// CHECK: define @c(i32 %0) -> (i32) attrs(noinline, optnone)
int main(void) { return a(1) + b(2) + c(3); }
// CHECK: define @main() -> (i32)
// CHECK:   call i32 ptr @a(i32 1)
// CHECK:   call i32 ptr @b(i32 2)
// CHECK:   call i32 ptr @c(i32 3)
