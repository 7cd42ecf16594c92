// C floating-point operations in the IR: == is the ordered oeq, != the unordered
// une (true for NaN), < is olt; unary minus is fneg (so -0.0 is exact); an
// unsigned source converts with uitofp, a signed one with sitofp; a double to
// unsigned long is fptoui; a truth test is `une x, 0.0`; float + double widens
// the float with fpext; a static double is stored as its IEEE bits.
// RUN: %atomc -S --emit-ir -O0 -g %s -o - | filecheck %s

double g = 0.5;
// CHECK: global @g : size 8, align 8, external{{.*}} = [bytes "000000000000e03f"]

int cmp(double a, double b)
{
    return (a == b) + (a != b) * 2 + (a < b) * 4;
}
// CHECK-LABEL: define @cmp(
// CHECK:       fcmp oeq f64
// CHECK:       fcmp une f64
// CHECK:       fcmp olt f64

double conv(unsigned u, int i, float f)
{
    double n = -(double)i;
    unsigned long back = (unsigned long)n;
    if (f)
        return u + n + back;
    return f + n;
}
// CHECK-LABEL: define @conv(
// CHECK:       sitofp i32
// CHECK:       fneg f64 {{.*}} to f64
// CHECK:       fptoui f64 {{.*}} to i64
// CHECK:       fcmp une f32 {{.*}}, f32 0.0
// CHECK:       uitofp i32
// CHECK:       uitofp i64
// CHECK:       fpext f32
