/* Callee side of the long double / _Complex ABI check (see x87_complex_caller.c). */
#include <complex.h>
#include <stdarg.h>

struct one { long double v; };
struct mix { char c; long double v; short s; };
struct cz { float complex f; double complex d; };

long double ld_mixed(int a, long double x, double d, long double y, float f, int b,
                     long double z, long e, long double w)
{
    return a + x * 2 + d + y * 3 + f + b + z * 5 + e + w * 7;
}

long double ld_after_ints(int a, int b, int c, int d, int e, int f, int g, long double x,
                          int h, long double y)
{
    return a + b + c + d + e + f + g * x + h + y;
}

long double ld_var_after_ints(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long double s = 0;
    for (int i = 0; i < n; i++)
        s = s * 10 + (i == n - 1 ? va_arg(ap, long double) : va_arg(ap, int));
    va_end(ap);
    return s;
}

struct one ld_one(long double v, int k) { struct one o = { v * k }; return o; }

long double ld_struct(struct mix m, struct one o) { return m.c + m.v * 2 + m.s + o.v; }

struct mix ld_make(char c, long double v, short s) { struct mix m = { c, v, s }; return m; }

float complex cf_op(float complex a, float complex b, float k) { return a * b + k; }

double complex cd_op(double complex a, double x, double complex b) { return a / b + x; }

long double complex cl_op(long double complex a, int n, long double complex b)
{
    return a * n - b;
}

struct cz cz_swap(struct cz p)
{
    struct cz q = { (float complex)p.d, p.f * I };
    return q;
}

long double ld_sum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long double s = 0;
    for (int i = 0; i < n; i++) {
        if (i % 3 == 0)
            s += va_arg(ap, long double);
        else if (i % 3 == 1)
            s += creal(va_arg(ap, double complex)) + cimagl(va_arg(ap, long double complex));
        else
            s += va_arg(ap, int);
    }
    va_end(ap);
    return s;
}

long double ld_apply(long double (*fn)(long double, int), long double v)
{
    return fn(v, 3) + 1;
}

double complex cd_apply(double complex (*fn)(double complex), double complex z)
{
    return fn(z) * 2;
}
