/* Conversions between floating types and every integer type, edge values included:
   large unsigned long -> double, double -> unsigned long above 2^63, negative values to
   unsigned types through int, _Bool, float <-> double rounding, casts of constants. */
#include <stdio.h>

static double from_ul(unsigned long u) { return (double)u; }
static float from_ul_f(unsigned long u) { return (float)u; }
static unsigned long to_ul(double d) { return (unsigned long)d; }
static unsigned long to_ul_f(float f) { return (unsigned long)f; }
static long to_l(double d) { return (long)d; }
static unsigned to_u(double d) { return (unsigned)d; }
static int to_i(float f) { return (int)f; }

int main(void)
{
    unsigned long us[] = {0, 1, 0x7fffffffffffffffUL, 0x8000000000000000UL,
                          0x8000000000000001UL, 0xfffffffffffffbffUL, 0xfffffffffffffc00UL,
                          0xffffffffffffffffUL, 12345678901234567UL, 0x20000001UL << 30};
    for (int i = 0; i < 10; i++)
        printf("%lu -> %.17g %.9g\n", us[i], from_ul(us[i]), (double)from_ul_f(us[i]));
    double ds[] = {0.0, 0.99, 1.0, 4294967295.0, 9223372036854775807.0, 9223372036854775808.0,
                   1.8e19, 1.7e19, 12345.678};
    for (int i = 0; i < 9; i++)
        printf("%.17g -> %lu %lu\n", ds[i], to_ul(ds[i]), to_ul_f((float)ds[i]));
    double sn[] = {-2.9, -1.5, -0.5, 0.5, 1.5, 2.9, 2147483647.0, -2147483648.0, 1e10};
    for (int i = 0; i < 9; i++)
        printf("%g -> %ld %u %d\n", sn[i], to_l(sn[i]), sn[i] >= 0 && sn[i] < 4294967296.0
               ? to_u(sn[i]) : 0u, sn[i] > -2147483649.0 && sn[i] < 2147483648.0
               ? to_i((float)sn[i]) : 0);
    double neg = -3.7;
    unsigned char uc = (int)neg;
    signed char sc = (signed char)-100.9;
    unsigned short ush = (int)-1.0;
    short sh = (short)-12345.99;
    unsigned char uc2 = 200.7;
    printf("%d %d %d %d %d\n", uc, sc, ush, sh, uc2);
    _Bool b[5] = {0.0, -0.0, 0.1, -5.0, 1e-300};
    printf("%d %d %d %d %d\n", b[0], b[1], b[2], b[3], b[4]);
    char c = 'A';
    signed char scm = -128;
    unsigned char ucm = 255;
    short smin = -32768;
    unsigned short usm = 65535;
    int imin = -2147483647 - 1;
    unsigned uim = 4294967295u;
    long lmin = -9223372036854775807L - 1;
    long long llv = -123456789012345LL;
    unsigned long long ullv = 18446744073709551615ULL;
    _Bool bt = 1;
    printf("%g %g %g %g %g %g %g %g %g %g %g %g\n", (double)c, (double)scm, (double)ucm,
           (double)smin, (double)usm, (double)imin, (double)uim, (double)lmin, (double)llv,
           (double)ullv, (double)bt, (double)(_Bool)0);
    printf("%.9g %.9g %.9g %.9g %.9g\n", (float)c, (float)uim, (float)lmin, (float)llv,
           (float)ullv);
    volatile float vf = 16777217.0f;
    volatile int vi = 16777217;
    printf("%.1f %.1f\n", (double)vf, (double)(float)vi);
    double dd = 0.1;
    float ff = dd;
    double back = ff;
    printf("%.17g %.17g %d\n", dd, back, dd == back);
    float big = 3.4e38f;
    double huge = 1e300;
    float fh = huge;
    float tiny = 1e-46;
    printf("%g %g %g %g\n", big * 10.0f, (double)fh, (double)tiny, 1e-320);
    int hexes[] = {(int)0x1.8p3, (int)0x10p-2, (int)0x.8p1};
    printf("%d %d %d %a %a\n", hexes[0], hexes[1], hexes[2], 0x1.fffffep127f, 0x1p-1074);
    printf("%.9g %.17g %.9g\n", 1.1f, 1.1, (double)(float)1.1);
    printf("%.9g %.9g\n", 16777217.0f, 0.333333343267f);
    long v = 3;
    double w = v / 2;
    double w2 = v / 2.0;
    printf("%g %g %d\n", w, w2, (int)(w2 * 10) % 7);
    return 0;
}
