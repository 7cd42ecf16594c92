// long double in the IR: the type f80, constants exact (0.1L is ...CCCD, stored
// as its 10 bytes and 6 of padding), a struct holding only a long double
// returned as one f80 (in %st(0)), va_arg reading the overflow area rounded up
// to 16 bytes, and the sign bit read from memory (there is no i80 to bitcast to).
// RUN: %atomc -S --emit-ir -O0 %s -o - | filecheck %s
#include <stdarg.h>

long double g = 0.1L;
// CHECK: global @g : size 16, align 16, external{{.*}} = [bytes "cdccccccccccccccfb3f000000000000"]

struct one { long double v; };
struct one wrap(long double x) { struct one o = { x }; return o; }
// CHECK-LABEL: define @wrap(f80 %0) -> (f80)
// CHECK:       %[[RV:retval\.[0-9]+]] = alloca 16, align 16
// CHECK:       store f80 %0, ptr
// CHECK:       %[[V:[0-9]+]] = load f80, ptr %[[RV]]
// CHECK-NEXT:  ret f80 %[[V]]

long double next(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long double v = va_arg(ap, long double);
    va_end(ap);
    return v;
}
// CHECK-LABEL: define @next(i32 %0, ...) -> (f80)
// CHECK:       %[[AREA:[0-9]+]] = ptradd ptr %ap.{{[0-9]+}}, i64 8
// CHECK-NEXT:  %[[P:[0-9]+]] = load ptr, ptr %[[AREA]]
// CHECK-NEXT:  %[[I:[0-9]+]] = ptrtoint ptr %[[P]] to i64
// CHECK-NEXT:  %[[UP:[0-9]+]] = add i64 %[[I]], i64 15
// CHECK-NEXT:  %[[AL:[0-9]+]] = and i64 %[[UP]], i64 -16
// CHECK-NEXT:  %[[A:[0-9]+]] = inttoptr i64 %[[AL]] to ptr
// CHECK-NEXT:  %[[NEXT:[0-9]+]] = ptradd ptr %[[A]], i64 16
// CHECK-NEXT:  store ptr %[[NEXT]], ptr %[[AREA]]
// CHECK-NEXT:  load f80, ptr %[[A]]

int sign(long double x) { return __builtin_signbit(x); }
// CHECK-LABEL: define @sign(f80 %0) -> (i32)
// CHECK:       store f80 %{{[0-9]+}}, ptr %[[S:[0-9]+]]
// CHECK-NEXT:  %[[HI:[0-9]+]] = ptradd ptr %[[S]], i64 8
// CHECK-NEXT:  %[[E:[0-9]+]] = load i16, ptr %[[HI]]
// CHECK-NEXT:  icmp slt i16 %[[E]], i16 0
