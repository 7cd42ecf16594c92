/* The SysV ABI of _Complex: float complex packed in one SSE register, double
   complex in two, long double complex in memory (returned in %st(0) and
   %st(1)); arguments past the eighth SSE register on the stack, structs and
   arrays holding complex members, function pointers, and variadic calls whose
   callee reads complex values with va_arg. */
#include <complex.h>
#include <stdarg.h>
#include <stdio.h>

struct cpair { double complex a; float complex b; };
struct ldc { long double complex z; int tag; };

static float complex ff(float complex a, float complex b, float k) { return a * k + b; }
static double complex dd(double complex a, double complex b, double complex c,
                         double complex d, double complex e)
{
    return a + b * 2 + c * 3 + d * 4 + e * 5;
}
static long double complex ll(int n, long double complex a, long double x,
                              long double complex b)
{
    return a * n + x + b;
}
static struct cpair swap(struct cpair p)
{
    struct cpair q = { conj(p.a), p.b * I };
    return q;
}
static struct ldc bump(struct ldc s)
{
    s.z += 1.0L * I;
    s.tag++;
    return s;
}
static double complex apply(double complex (*fn)(double complex), double complex z)
{
    return fn(z);
}
static double complex rot(double complex z) { return z * I; }

static void vsum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    double complex acc = 0;
    for (int i = 0; i < n; i++) {
        switch (i % 4) {
        case 0: acc += va_arg(ap, double complex); break;
        case 1: acc += va_arg(ap, float complex); break;
        case 2: acc += va_arg(ap, long double complex); break;
        default: acc += va_arg(ap, double); break;
        }
    }
    va_end(ap);
    printf("vsum %a %a\n", creal(acc), cimag(acc));
}

double complex table[3] = { 1, 2 + 3 * I, -I };

int main(void)
{
    float complex f = ff(1.0f + 2.0f * I, 0.5f - 0.5f * I, 4.0f);
    printf("%a %a\n", crealf(f), cimagf(f));
    double complex d = dd(1 + I, 2 - I, 3, 4 * I, -1 - 1 * I);
    printf("%a %a\n", creal(d), cimag(d));
    long double complex l = ll(3, 1.5L - 2.0L * I, 0.25L, 1e-20L + 1e20L * I);
    printf("%La %La\n", creall(l), cimagl(l));
    struct cpair p = { 1.5 + 2.5 * I, 3.0f - 4.0f * I };
    struct cpair q = swap(p);
    printf("%a %a %a %a %zu\n", creal(q.a), cimag(q.a), crealf(q.b), cimagf(q.b), sizeof q);
    struct ldc s = { 2.0L + 3.0L * I, 7 };
    struct ldc t = bump(s);
    printf("%La %La %d %zu %zu\n", creall(t.z), cimagl(t.z), t.tag, sizeof t, _Alignof(struct ldc));
    double complex r = apply(rot, 1 + 2 * I);
    printf("%a %a\n", creal(r), cimag(r));
    for (int i = 0; i < 3; i++)
        printf("%g%+gi ", creal(table[i]), cimag(table[i]));
    printf("\n");
    vsum(8, (double complex)(1.0 + 1.0 * I), (float complex)(2.0f + 0.5f * I),
         (long double complex)(3.0L - 1.0L * I), 0.25, (double complex)(10.0 * I),
         (float complex)0.5f, (long double complex)(0.125L + 2.0L * I), 1.0);
    vsum(12, (double complex)1, (float complex)I, (long double complex)1, 1.0,
         (double complex)(2 + 2 * I), (float complex)(3 * I), (long double complex)4, 5.0,
         (double complex)(6 * I), (float complex)7, (long double complex)(8 * I), 9.0);
    printf("%zu %zu %zu %zu %zu %zu\n", sizeof(float complex), sizeof(double complex),
           sizeof(long double complex), _Alignof(float complex), _Alignof(double complex),
           _Alignof(long double complex));
    return 0;
}
