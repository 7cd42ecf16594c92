/* Floating-point arithmetic: +, -, *, / in float and double, compound assignment,
   ++/--, unary minus (also of zero), mixed int/float operands, float vs double rounding. */
#include <stdio.h>

static double dadd(double a, double b) { return a + b; }
static float fmul3(float a, float b, float c) { return a * b * c; }

int main(void)
{
    double a = 1.25, b = -3.5;
    float f = 0.1f, g = 3.0f;
    printf("%f %f %f %f\n", a + b, a - b, a * b, a / b);
    printf("%.9g %.9g %.9g %.9g\n", f + g, f - g, f * g, f / g);
    printf("%.17g %.9g\n", 0.1 + 0.2, (double)(0.1f + 0.2f));
    printf("%.17g %.17g\n", 1.0 / 3.0, (double)(1.0f / 3.0f));
    double z = 0.0;
    double nz = -z;
    printf("%g %g %g\n", z, nz, -nz);
    printf("%g\n", 1.0 / nz);
    int i = 7;
    i += 1.5;          /* int = (int)(7 + 1.5) */
    printf("%d\n", i);
    i *= 2.75;
    printf("%d\n", i);
    unsigned u = 10;
    u -= 0.5;
    printf("%u\n", u);
    double d = 2.0;
    d += i;
    d /= 4;
    d -= 'a';
    printf("%f\n", d);
    d++;
    ++d;
    d--;
    printf("%f %f\n", d, d++ + ++d);
    float acc = 0.0f;
    for (int k = 0; k < 10; k++)
        acc += 0.1f;
    printf("%.9g\n", acc);
    double dacc = 0.0;
    for (int k = 0; k < 10; k++)
        dacc += 0.1;
    printf("%.17g\n", dacc);
    printf("%f %f\n", dadd(a, 2), (double)fmul3(f, g, 2));
    long big = 1L << 53;
    printf("%.1f %.1f\n", (double)(big + 1), (double)big + 1);
    char c = 100;
    short s = -300;
    printf("%f %f\n", c * 0.5, s / 4.0f);
    double x = 3.0;
    x = -x * -x;
    printf("%f %f\n", x, -(x - 9.0));
    return 0;
}
