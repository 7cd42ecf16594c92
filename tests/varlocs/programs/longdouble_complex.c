/* long double and _Complex at -O2: long doubles in their x87 home slots across
   calls and loops, complex values split by SROA into halves (DWARF pieces),
   constants described by their bit patterns. Every shown value must be one -O0
   shows at that line, or optimized out. (No _Complex long double: lldb-22 reads
   its imaginary part from the real part's padding, whoever compiled it.) */
#include <complex.h>
#include <stdio.h>

static long double poly(const long double *c, int n, long double x)
{
    long double r = 0;
    for (int i = n - 1; i >= 0; i--) {
        long double t = r * x;
        r = t + c[i];
    }
    return r;
}

static double complex spin(double complex z, int k)
{
    double complex acc = z;
    for (int i = 0; i < k; i++) {
        double complex step = acc * I + 0.5;
        acc = step / 2;
    }
    return acc;
}

static const long double coef[4] = { 1.5L, -2.0L, 0.25L, 3.0L };

int main(int argc, char **argv)
{
    long double sum = 0;
    double complex total = 0;
    for (int i = 0; i < 3; i++) {
        long double x = i * 0.5L + argc;
        long double p = poly(coef, 4, x);
        sum += p;
        double complex z = spin(p + i * I, i + 1);
        total += z;
        printf("%d %Lg %Lg %g %g\n", i, p, sum, creal(z), cimag(z));
    }
    long double wide = sum + creal(total);
    float complex small = (float complex)total;
    printf("%Lg %g %g\n", wide, crealf(small), cimagf(small));
    return 0;
}
