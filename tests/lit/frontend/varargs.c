// Variadic calls record their fixed argument count; va_start is an
// instruction and va_arg is lowered against the SysV va_list layout.
// RUN: %atomc -S --emit-ir -g %s -o - | filecheck %s
#include <stdarg.h>
#include <stdio.h>

int sum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}
// CHECK-LABEL: define @sum(i32 {{%[0-9]+}}, ...) -> (i32)
// CHECK:        [[AP:%ap[.0-9]+]] = alloca 24, align 8
// CHECK:        va_start ptr [[AP]]  !loc(line: 10,
// gp_offset is the u32 at offset 0; a register slot is left while gp_offset <= 40
// CHECK:        [[GP:%[0-9]+]] = load i32, ptr [[AP]]  !loc(line: 13,
// CHECK-NEXT:   [[FITS:%[0-9]+]] = icmp ule i32 [[GP]], i32 40
// CHECK-NEXT:   branch i1 [[FITS]], [[REG:bb[0-9]+]], [[MEM:bb[0-9]+]]
// CHECK:        [[REG]]:
// reg_save_area is the pointer at offset 16
// CHECK-NEXT:   [[SAVEP:%[0-9]+]] = ptradd ptr [[AP]], i64 16
// CHECK-NEXT:   [[SAVE:%[0-9]+]] = load ptr, ptr [[SAVEP]]
// CHECK:        add i32 [[GP]], i32 8
// CHECK:        [[MEM]]:
// overflow_arg_area is the pointer at offset 8, advanced by 8 per int
// CHECK-NEXT:   [[OVP:%[0-9]+]] = ptradd ptr [[AP]], i64 8
// CHECK-NEXT:   [[OV:%[0-9]+]] = load ptr, ptr [[OVP]]
// CHECK-NEXT:   [[NEXT:%[0-9]+]] = ptradd ptr [[OV]], i64 8
// CHECK-NEXT:   store ptr [[NEXT]], ptr [[OVP]]

int main(void)
{
    return printf("%d %s\n", sum(3, 1, 2, 3), "x") < 0;
}
// CHECK-LABEL: define @main()
// CHECK:        call i32 ptr @sum(i32 3, i32 1, i32 2, i32 3) fixed 1
// CHECK:        call i32 ptr @printf(ptr @{{.*}}, i32 {{%[0-9]+}}, ptr @{{.*}}) fixed 1
