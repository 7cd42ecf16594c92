// LINK: -lm
/* long double with <math.h> and <float.h>: libm's l-suffixed functions (arguments
   in memory, results in %st(0)), the classification macros and GNU builtins on
   long double (isnan, isinf, isfinite, signbit, fpclassify, fabsl, copysignl,
   __builtin_huge_vall, __builtin_nanl), the LDBL_* limits, _Float64x. */
#include <float.h>
#include <math.h>
#include <stdio.h>

static const char *cls(long double x)
{
    switch (fpclassify(x)) {
    case FP_NAN: return "nan";
    case FP_INFINITE: return "inf";
    case FP_ZERO: return "zero";
    case FP_SUBNORMAL: return "subnormal";
    default: return "normal";
    }
}

int main(void)
{
    volatile long double two = 2.0L, x = 0.7L;
    printf("%La %La %La\n", sqrtl(two), powl(two, 0.5L), expl(x));
    printf("%.18Lg %.18Lg %.18Lg\n", logl(x), sinl(x), cosl(x));
    printf("%La %La %La %La\n", floorl(-x), ceill(-x), fmodl(7.5L, two), truncl(-2.75L));
    int e;
    long double m = frexpl(48.0L, &e);
    printf("%La %d %La\n", m, e, ldexpl(m, e + 70));
    printf("%d %d %d %d %d\n", LDBL_MANT_DIG, LDBL_DIG, LDBL_MAX_EXP, LDBL_MIN_EXP,
           LDBL_MAX_10_EXP);
    printf("%La %La %La\n", LDBL_MAX, LDBL_MIN, LDBL_EPSILON);
#ifdef LDBL_TRUE_MIN
    printf("%La\n", LDBL_TRUE_MIN);
#endif
    long double vals[] = {0.0L, -0.0L, 1.5L, -1.5L, LDBL_MIN / 4, LDBL_MAX,
                          __builtin_huge_vall(), -__builtin_huge_vall(), __builtin_nanl(""),
                          -__builtin_nanl("")};
    for (int i = 0; i < 10; i++) {
        long double v = vals[i];
        printf("%-9s nan%d inf%d fin%d sign%d normal%d |%La| %La\n", cls(v), isnan(v) != 0,
               isinf(v), isfinite(v) != 0, signbit(v) != 0, isnormal(v) != 0,
               __builtin_fabsl(v), __builtin_copysignl(3.0L, v));
    }
    _Float64x f = 1.0L / 7;
    printf("%La %zu\n", f, sizeof f);
    printf("%d %d %d\n", isless(x, two), isgreater(x, two), isunordered(x, vals[8]));
    printf("%La %La\n", fabsl(-x), copysignl(x, -1.0L));
    printf("%La %La\n", nextafterl(1.0L, 2.0L), hypotl(3.0L, 4.0L));
    return 0;
}
