/* copysign, copysignf and copysignl by their plain names and as __builtin_copysign*
   are gcc builtins expanded inline at every -O level (so this program links without
   -lm) and folded when both operands are constants (a static initialiser). The result
   is x's bits with y's sign bit: signed zeros, infinities and NaN payloads included. */
#include <math.h>
#include <stdio.h>
#include <string.h>

static unsigned long long bits(double d) { unsigned long long u; memcpy(&u, &d, sizeof u); return u; }
static unsigned fbits(float f) { unsigned u; memcpy(&u, &f, sizeof u); return u; }
static unsigned long long lbits(long double l)
{
    unsigned char raw[16];
    unsigned long long mant, top = 0;
    memcpy(raw, &l, sizeof raw);
    memcpy(&mant, raw, 8);
    memcpy(&top, raw + 8, 2);
    return mant ^ top << 48 ^ top;
}

static const double folded[] = { __builtin_copysign(1.5, -0.0), copysign(-2.0, 3.0),
                                 __builtin_copysign(__builtin_inf(), -1.0),
                                 __builtin_copysign(__builtin_nan("0x123"), -1.0) };
static const float foldedf = __builtin_copysignf(4.0f, -1.0f);
static const long double foldedl = __builtin_copysignl(5.0L, -0.0L);

__attribute__((noinline)) static double cd(double a, double b) { return copysign(a, b); }
__attribute__((noinline)) static float cf(float a, float b) { return copysignf(a, b); }
__attribute__((noinline)) static long double cl(long double a, long double b) { return copysignl(a, b); }

int main(void)
{
    for (int i = 0; i < 4; i++)
        printf("folded %016llx\n", bits(folded[i]));
    printf("folded %08x %016llx\n", fbits(foldedf), lbits(foldedl));
    double payload;
    unsigned long long raw = 0x7ff8000000000abcULL;
    memcpy(&payload, &raw, sizeof payload);
    volatile double vals[] = { 0.0, -0.0, 1.5, -2.5, __builtin_inf(), -__builtin_inf(),
                               __builtin_nan(""), -__builtin_nan(""), 0, 5e-324, -1e308 };
    vals[8] = payload;
    for (int i = 0; i < 11; i++)
        for (int j = 0; j < 11; j++) {
            double a = vals[i], b = vals[j];
            printf("%016llx %016llx %08x %08x %016llx %016llx\n", bits(cd(a, b)),
                   bits(__builtin_copysign(a, b)), fbits(cf((float)a, (float)b)),
                   fbits(__builtin_copysignf((float)a, (float)b)), lbits(cl(a, b)),
                   lbits(copysignl((long double)a, b)));
        }
    volatile double z = -0.0;
    double x = 5.0;
    printf("%g %g %g\n", copysign(x, z), copysign(fabs(x), -z), copysign(x, z) * copysign(2.0, x));
    return 0;
}
