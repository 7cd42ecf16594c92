// LINK: -lm
#include <limits.h>
#include <math.h>
#include <stdio.h>

#define TYPENAME(x) _Generic((x), int: "int", unsigned: "unsigned", long: "long", \
    unsigned long: "unsigned long", double: "double", float: "float", char: "char", \
    const char *: "const char *", char *: "char *", default: "other")

#define MAXOF(a, b) __builtin_choose_expr(__builtin_types_compatible_p(__typeof__(a), double), \
    ((a) > (b) ? (a) : (b)), (long)((a) > (b) ? (a) : (b)))

struct pt { int x, y; };

__attribute__((noinline)) long opaque(long v) { return v; }

__attribute__((noinline)) void where(void) {
    void *ret = __builtin_return_address(0);
    void *frame = __builtin_frame_address(0);
    char local = 0;
    printf("frame set %d, local below frame %d, ret in main %d\n", frame != 0,
           (char *)&local < (char *)frame,
           (char *)ret > (char *)opaque && (char *)ret < (char *)opaque + 100000);
}

#define ADD(T, a, b) do { T r_; int o_ = __builtin_add_overflow(a, b, &r_); \
    printf("add %-14s %d %lld\n", #T, o_, (long long)r_); } while (0)
#define SUB(T, a, b) do { T r_; int o_ = __builtin_sub_overflow(a, b, &r_); \
    printf("sub %-14s %d %lld\n", #T, o_, (long long)r_); } while (0)
#define MUL(T, a, b) do { T r_; int o_ = __builtin_mul_overflow(a, b, &r_); \
    printf("mul %-14s %d %lld\n", #T, o_, (long long)r_); } while (0)

int main(void) {
    int i = 1; unsigned u = 2; long l = 3; double d = 4; float f = 5; char c = 'c';
    const char *cs = "s"; char *s = 0; struct pt pt = {1, 2}; short sh = 1;
    const int ci = 7;
    printf("%s %s %s %s %s %s %s %s %s %s %s\n", TYPENAME(i), TYPENAME(u), TYPENAME(l),
           TYPENAME(d), TYPENAME(f), TYPENAME(c), TYPENAME(cs), TYPENAME(s), TYPENAME(pt),
           TYPENAME(sh), TYPENAME(ci));
    printf("%s %s %s\n", TYPENAME(i + 0L), TYPENAME(c + 1), TYPENAME("lit"));
    int n = 0;
    (void)_Generic(n++, int: 0, default: 1);  /* not evaluated */
    printf("n=%d\n", n);

    printf("compat %d %d %d %d %d %d\n", __builtin_types_compatible_p(int, int),
           __builtin_types_compatible_p(int, unsigned),
           __builtin_types_compatible_p(const int, int),
           __builtin_types_compatible_p(int *, const int *),
           __builtin_types_compatible_p(char, signed char),
           __builtin_types_compatible_p(__typeof__(pt), struct pt));
    printf("choose %g %ld %zu %zu\n", MAXOF(d, 2.5), MAXOF(l, 9L),
           sizeof(__builtin_choose_expr(1, (char)1, 1.0)),
           sizeof(__builtin_choose_expr(0, (char)1, 1.0)));

    long vals[] = {0, 1, -1, 100, INT_MAX, INT_MIN, UINT_MAX, 65535, 70000, -70000,
                   LONG_MAX, LONG_MIN, 1L << 32, 3037000500L};
    int nv = sizeof vals / sizeof vals[0];
    for (int a = 0; a < nv; a++) {
        for (int b = 0; b < nv; b += 3) {
            long x = opaque(vals[a]), y = opaque(vals[b]);
            int xi = (int)x, yi = (int)y;
            unsigned xu = (unsigned)x, yu = (unsigned)y;
            unsigned long xl = (unsigned long)x, yl = (unsigned long)y;
            printf("[%ld %ld]\n", x, y);
            ADD(int, xi, yi); ADD(long, xi, yi); ADD(unsigned, xi, yi); ADD(short, xi, yi);
            ADD(unsigned char, xu, yu); ADD(unsigned long, xu, yi); ADD(long, x, y);
            ADD(unsigned long, xl, yl); ADD(int, x, y); ADD(unsigned, xl, yl);
            SUB(int, xi, yi); SUB(unsigned, xu, yu); SUB(long, xu, yu); SUB(long, x, y);
            SUB(unsigned long, xl, yl); SUB(short, x, y);
            MUL(int, xi, yi); MUL(unsigned, xu, yu); MUL(unsigned long, xu, yu);
            MUL(long, xi, yu); MUL(long, x, y); MUL(unsigned long, xl, yl); MUL(int, x, y);
            MUL(unsigned short, xl, yl);
        }
    }
    int r; long lr; unsigned long ur; unsigned ui; long long llr;
    printf("typed %d", __builtin_sadd_overflow(INT_MAX, (int)opaque(1), &r));
    printf(" %d", __builtin_saddl_overflow(LONG_MAX, opaque(1), &lr));
    printf(" %d", __builtin_ssubll_overflow(LLONG_MIN, opaque(1), &llr));
    printf(" %d", __builtin_umul_overflow(65536u, (unsigned)opaque(65536), &ui));
    printf(" %d", __builtin_umull_overflow(1ul << 32, (unsigned long)opaque(1L << 31), &ur));
    printf(" %d %lu\n", __builtin_uaddl_overflow(ULONG_MAX, (unsigned long)opaque(0), &ur), ur);

    double fv[] = {0.0, -0.0, 1.5, -2.0, 2.2250738585072014e-308, 5.0e-309, 1.7976931348623157e308,
                   INFINITY, -INFINITY, NAN};
    for (int k = 0; k < 10; k++) {
        double x = fv[k];
        float xf = (float)x;
        printf("fpclassify %d %d %d %d\n",
               __builtin_fpclassify(10, 11, 12, 13, 14, x),
               __builtin_fpclassify(10, 11, 12, 13, 14, xf),
               fpclassify(x) == FP_NORMAL, fpclassify(xf) == FP_SUBNORMAL);
    }
    where();
    return 0;
}
