// Local aggregate initialisers, chosen as Clang does at -O0: all-zero or
// single-byte images are a memset, mostly-zero large ones a memset plus a few
// stores, other constant ones a memcpy from a private constant copy, and
// non-constant ones element-wise stores after zeroing the rest.
// RUN: %atomc -S --emit-ir -g %s -o - | filecheck %s

struct S { int a, b, c; };
int g(int);

void f(int x)
{
    struct S zero = {0};
    char bytes[8] = { -1, -1, -1, -1, -1, -1, -1, -1 };
    int sparse[16] = { [3] = 7, [9] = 1 };
    int arr[4] = { 1, 2, 3, 4 };
    struct S mixed = { x, 0, g(x) };
}

// CHECK: global @[[CONST:.L__const.f.arr]] : size 16, align 4, internal, constant = [bytes "01000000020000000300000004000000"]
// CHECK-LABEL: define @f(
// CHECK:      memset ptr {{%zero[.0-9]+}}, i8 0, 12, align 4  !loc(line: 12,
// CHECK:      memset ptr {{%bytes[.0-9]+}}, i8 -1, 8, align 1  !loc(line: 13,
// CHECK:      memset ptr [[SP:%sparse[.0-9]+]], i8 0, 64, align 4  !loc(line: 14,
// CHECK-NEXT: [[E3:%[0-9]+]] = ptradd ptr [[SP]], i64 12
// CHECK-NEXT: store i32 7, ptr [[E3]]
// CHECK-NEXT: [[E9:%[0-9]+]] = ptradd ptr [[SP]], i64 36
// CHECK-NEXT: store i32 1, ptr [[E9]]
// CHECK:      memcpy ptr {{%arr[.0-9]+}}, ptr @[[CONST]], 16, align 4  !loc(line: 15,
// fully covered and not constant: one store per member, the zero included (W6)
// CHECK-NOT:  memset
// CHECK:      [[X:%[0-9]+]] = load i32, ptr {{%x[.0-9]+}}  !loc(line: 16,
// CHECK-NEXT: store i32 [[X]], ptr [[M:%mixed[.0-9]+]]  !loc(line: 16,
// CHECK-NEXT: [[M1:%[0-9]+]] = ptradd ptr [[M]], i64 4
// CHECK-NEXT: store i32 0, ptr [[M1]]
// CHECK:      call i32 ptr @g(
// CHECK-NEXT: store i32 {{%[0-9]+}}, ptr {{%[0-9]+}}  !loc(line: 16,
