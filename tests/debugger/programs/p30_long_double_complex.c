/* long double (x87 extended, DW_ATE_float of 16 bytes) and _Complex locals,
   parameters, globals, struct members and return values: gdb and lldb must print
   the same digits as for gcc's build (long doubles in memory, complex values as
   `re + imi`). `_Complex long double` is in p31: lldb-22 reads its imaginary part
   10 bytes in (in the real part's padding), whoever compiled it. */
#include <complex.h>
#include <stdio.h>

//! break: scaled mixed looped final
//! globals: g_ld g_cd
//! step: scale 6
//! next: main 10
//! finish: mix
//! bt: deep_body
//! lldb

struct sample { long double v; double complex z; float complex f; };

long double g_ld = 1.0L / 3;
double complex g_cd = 1.5 - 2.5 * I;

static long double scale(long double v, int k)
{
    long double r = v * k;
    long double frac = r - (long)r;
    return r + frac;                                //@ label: scaled
}

static double complex mix(double complex a, long double b, float complex c)
{
    double complex p = a * b;
    double complex q = p / (c + 1.0f);
    return p + q;                                   //@ label: mixed
}

static long double deep(long double x, int n)
{
    if (n == 0)
        return x * 0.5L;                            //@ label: deep_body
    return deep(x + 0.25L, n - 1);
}

int main(void)
{
    long double tenth = 0.1L;
    long double s = scale(tenth, 7);
    long double lz = 2.0L + s;
    double complex m = mix(g_cd, lz, 0.5f - 1.0f * I);
    struct sample smp = { s, m, 1.25f + 2.0f * I };
    long double acc = 0;
    for (int i = 1; i <= 3; i++)
        acc += s / i;                               //@ label: looped
    long double d = deep(acc, 3);
    double back = d;
    printf("%Lg %Lg %g %g %Lg %g\n", s, acc, creal(smp.z), cimag(m), d, back); //@ label: final
    return 0;
}
