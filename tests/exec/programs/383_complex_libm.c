// LINK: -lm
/* <complex.h> library calls with the right ABI for each type: cabs, carg, csqrt,
   cexp, clog, cpow, csin, cproj and their float and long double forms (float
   complex packed in one SSE register, double complex in two, long double
   complex in memory and returned on the x87 stack), and complex values passed
   on through function pointers to libm. */
#include <complex.h>
#include <stdio.h>

static double complex via(double complex (*fn)(double complex), double complex z)
{
    return fn(z);
}

int main(void)
{
    volatile double re = 3.0, im = -4.0;
    double complex z = re + im * I;
    printf("%.17g %.17g\n", cabs(z), carg(z));
    double complex s = csqrt(z), e = cexp(z / 4), l = clog(z), p = cpow(z, 0.5 + 0.25 * I);
    printf("%.17g %.17g | %.17g %.17g\n", creal(s), cimag(s), creal(e), cimag(e));
    printf("%.17g %.17g | %.17g %.17g\n", creal(l), cimag(l), creal(p), cimag(p));
    double complex sn = via(csin, z / 8);
    printf("%.17g %.17g\n", creal(sn), cimag(sn));
    float complex f = 0.5f - 1.5f * I;
    float complex fs = csqrtf(f), fe = cexpf(f);
    printf("%.9g %.9g %.9g %.9g %.9g\n", cabsf(f), crealf(fs), cimagf(fs), crealf(fe),
           cimagf(fe));
    long double complex lz = 1e-3L + 2.5L * I;
    long double complex ls = csqrtl(lz), le = cexpl(lz);
    printf("%.21Lg %.21Lg %.21Lg\n", cabsl(lz), creall(ls), cimagl(ls));
    printf("%.21Lg %.21Lg %.21Lg\n", creall(le), cimagl(le), cargl(lz));
    double complex inf = cproj(1.0 / 0.0 - 2.0 * I);
    printf("%g %g\n", creal(inf), cimag(inf));
    return 0;
}
