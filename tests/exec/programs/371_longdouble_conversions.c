/* long double conversions to and from every integer type (truncation toward zero,
   unsigned 64-bit values above 2^63), float and double (rounded once), _Bool, and
   integer constants wider than double's 53 bits that long double keeps exactly. */
#include <stdio.h>
#include <limits.h>

static void ints(long double v)
{
    signed char sc = (signed char)v;
    unsigned char uc = (unsigned char)v;
    short s = (short)v;
    unsigned short us = (unsigned short)v;
    int i = (int)v;
    unsigned u = (unsigned)v;
    long l = (long)v;
    unsigned long ul = (unsigned long)v;
    _Bool bo = v;
    printf("%d %u %d %u %d %u %ld %lu %d\n", sc, uc, s, us, i, u, l, ul, bo);
}

int main(void)
{
    ints(100.9L);
    ints(-100.9L);
    ints(0.0L);
    ints(0.5L);
    ints(127.999L);
    volatile long double big = 18446744073709551615.0L;
    unsigned long ubig = (unsigned long)big;
    printf("%lu %lu\n", ubig, (unsigned long)9223372036854775808.0L);
    printf("%lu\n", (unsigned long)(big / 2));
    printf("%ld %ld\n", (long)-9223372036854775807.0L, (long)9.2233720368547758e18L);
    volatile unsigned long uls[] = {0, 1, 9007199254740993UL, 9223372036854775807UL,
                                    9223372036854775808UL, 18446744073709551615UL,
                                    12345678901234567890UL};
    for (int k = 0; k < 7; k++) {
        long double v = uls[k];
        printf("%La %Lu\n", v, (unsigned long)v == uls[k] ? 1UL : 0UL);
    }
    volatile long ls[] = {LONG_MIN, -1, 0, 1, LONG_MAX, -9007199254740993L};
    for (int k = 0; k < 6; k++) {
        long double v = ls[k];
        printf("%La %d\n", v, (long)v == ls[k]);
    }
    volatile int in[] = {INT_MIN, -7, 7, INT_MAX};
    volatile unsigned un[] = {0, 7, UINT_MAX};
    volatile short sh[] = {-32768, 32767};
    volatile unsigned short ush = 65535;
    volatile signed char sc = -128;
    volatile unsigned char uc = 255;
    for (int k = 0; k < 4; k++)
        printf("%La ", (long double)in[k]);
    for (int k = 0; k < 3; k++)
        printf("%La ", (long double)un[k]);
    printf("%La %La %La %La %La\n", (long double)sh[0], (long double)sh[1],
           (long double)ush, (long double)sc, (long double)uc);
    volatile double d = 0.1;
    volatile float f = 0.1f;
    long double ld = d, lf = f;
    printf("%La %La\n", ld, lf);
    volatile long double x = 0.1L;
    double dx = x;
    float fx = x;
    printf("%a %a\n", dx, fx);
    volatile long double halfway = 1.0L + 0x1p-53L;  /* a tie for double: to even */
    volatile long double above = 1.0L + 0x1p-53L + 0x1p-60L;
    printf("%a %a\n", (double)halfway, (double)above);
    volatile long double sub = 0x1p-1074L * 1.5L, fsub = 0x1p-149L * 0.75L;
    printf("%a %a %a\n", (double)sub, (float)fsub, (double)1e-4000L);
    printf("%a %a\n", (double)1e4000L, (float)1e39L);
    long double exact = 123456789012345678L;
    printf("%.0Lf %La\n", exact, exact);
    return 0;
}
