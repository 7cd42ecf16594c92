/* Calls between compilers with long double (class X87: memory arguments, %st(0)
   results, 16-byte alignment) and _Complex (float complex in one SSE register,
   double complex in two, long double complex in memory and %st(0)/%st(1))
   arguments and results, structs holding them, variadic calls and callbacks.
   Output is compared with the all-gcc build. */
#include <complex.h>
#include <stdio.h>

struct one { long double v; };
struct mix { char c; long double v; short s; };
struct cz { float complex f; double complex d; };

long double ld_mixed(int, long double, double, long double, float, int, long double, long,
                     long double);
long double ld_after_ints(int, int, int, int, int, int, int, long double, int, long double);
long double ld_var_after_ints(int, ...);
struct one ld_one(long double, int);
long double ld_struct(struct mix, struct one);
struct mix ld_make(char, long double, short);
float complex cf_op(float complex, float complex, float);
double complex cd_op(double complex, double, double complex);
long double complex cl_op(long double complex, int, long double complex);
struct cz cz_swap(struct cz);
long double ld_sum(int, ...);
long double ld_apply(long double (*)(long double, int), long double);
double complex cd_apply(double complex (*)(double complex), double complex);

static long double scale(long double v, int k) { return v * k; }
static double complex rot(double complex z) { return z * I; }

int main(void)
{
    printf("%La\n", ld_mixed(1, 0.1L, 2.5, 1e-30L, 0.75f, 3, -7.25L, 9, 1e300L));
    printf("%La\n", ld_after_ints(1, 2, 3, 4, 5, 6, 7, 0.5L, 8, 0.25L));
    printf("%La\n", ld_var_after_ints(8, 1, 2, 3, 4, 5, 6, 7, 0.125L));
    struct one o = ld_one(0.3L, 7);
    printf("%La\n", o.v);
    struct mix m = { 'q', 2.75L, -5 };
    printf("%La\n", ld_struct(m, o));
    struct mix n = ld_make('z', -0.1L, 12);
    printf("%c %La %d\n", n.c, n.v, n.s);
    float complex f = cf_op(1.5f + 2.0f * I, -0.25f + 4.0f * I, 0.5f);
    printf("%a %a\n", crealf(f), cimagf(f));
    double complex d = cd_op(1.0 + 2.0 * I, 0.125, 3.0 - 4.0 * I);
    printf("%a %a\n", creal(d), cimag(d));
    long double complex l = cl_op(0.1L + 0.2L * I, 3, 1e-10L - 1e10L * I);
    printf("%La %La\n", creall(l), cimagl(l));
    struct cz p = { 1.0f - 2.0f * I, 3.5 + 4.5 * I };
    struct cz q = cz_swap(p);
    printf("%a %a %a %a\n", crealf(q.f), cimagf(q.f), creal(q.d), cimag(q.d));
    printf("%La\n", ld_sum(6, 1.5L, 2.0 + 0.5 * I, 0.25L - 8.0L * I, 4, 1e-5L,
                           -1.0 * I, 3.0L + 0.0L * I, 7));
    printf("%La\n", ld_apply(scale, 0.7L));
    double complex r = cd_apply(rot, 1.0 + 2.0 * I);
    printf("%a %a\n", creal(r), cimag(r));
    return 0;
}
