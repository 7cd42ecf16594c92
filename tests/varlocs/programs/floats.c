/* Doubles and floats in SSE registers: parameters in xmm0-7, values live across
   calls (XMM registers are all caller-saved, so they are spilled), loop-carried
   accumulators, conversions to and from integers. Every shown value must be one
   -O0 shows at that line, or optimized out. */
#include <stdio.h>

static double scale(double x, float k, int n)
{
    double y = x * k;
    float h = (float)y / 2;
    double z = y + h + n;
    printf("%g %g %g\n", y, (double)h, z);
    return z - x;
}

static double poly(const double *c, int n, double x)
{
    double r = 0.0;
    for (int i = n - 1; i >= 0; i--) {
        double t = r * x;
        r = t + c[i];
    }
    return r;
}

static const double coef[4] = {1.5, -2.0, 0.25, 3.0};

int main(void)
{
    double sum = 0.0;
    float fsum = 0.0f;
    for (int i = 0; i < 4; i++) {
        double x = i * 0.5;
        double p = poly(coef, 4, x);
        sum += p;
        fsum += (float)p;
        long whole = (long)sum;
        printf("%d %g %g %ld\n", i, p, sum, whole);
    }
    double s = scale(sum, fsum, 3);
    unsigned long u = (unsigned long)(s * 1000.0);
    printf("%g %lu\n", s, u);
    return 0;
}
