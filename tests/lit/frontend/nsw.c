// Signed +, -, * and ++ of int or wider promise no overflow (nsw) unless
// -fwrapv; unsigned arithmetic, char/short increments (done in int, then
// converted) and anything under -fwrapv never do.
// RUN: %atomc -S --emit-ir %s -o - | filecheck %s
// RUN: %atomc -S --emit-ir -fwrapv %s -o - | filecheck %s --check-prefix=WRAPV

int f(int a, long b, unsigned u, __int128 w, signed char c)
{
    int x = a + 1;
    long y = b * 3 - b;
    unsigned z = u + 5;
    __int128 v = w - 1;
    x++;
    c++;
    return x + (int)y + (int)z + (int)v + c;
}
// CHECK-LABEL: define @f(
// CHECK:       add nsw i32 {{%[0-9]+}}, i32 1
// CHECK:       mul nsw i64
// CHECK:       sub nsw i64
// CHECK:       add i32 {{%[0-9]+}}, i32 5
// CHECK:       sub nsw i128
// CHECK:       add nsw i32 {{%[0-9]+}}, i32 1
// CHECK:       add i8 {{%[0-9]+}}, i8 1
// WRAPV-LABEL: define @f(
// WRAPV-NOT:   {{(add|sub|mul) nsw}}
