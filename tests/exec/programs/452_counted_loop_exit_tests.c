/* Counted loops whose exit test lftr moves onto the scaled index: element sizes
   1, 2, 4, 8 and 12 (not a power of two), negative starts, down-counting, steps
   of 2 and 3, variable and zero-trip bounds, <=, !=, >= tests, an unsigned test,
   and counters whose value is used after the loop. */
#include <stdio.h>

static signed char c8[64];
static short s16[64];
static int i32[200], j32[200];
static long long l64[64];
struct three { int a, b, c; } t12[40];

__attribute__((noinline)) static int dot_i(const int *x, const int *y, int n)
{
    int s = 0;
    for (int k = 0; k < n; k++) s += x[k] * y[k];
    return s;
}

__attribute__((noinline)) static long long neg_start(const int *mid, int lo, int hi)
{
    long long s = 0;
    for (int k = lo; k <= hi; k++) s += (long long)mid[k] * (k + 7);
    return s;
}

__attribute__((noinline)) static unsigned down(const short *p, int n)
{
    unsigned s = 0;
    for (int k = n - 1; k >= 0; k--) s = s * 3 + p[k];
    return s;
}

__attribute__((noinline)) static int by_two(const signed char *p, int n)
{
    int s = 0;
    for (int k = 0; k != n; k += 2) s += p[k] ^ k;
    return s;
}

__attribute__((noinline)) static unsigned long long by_three(const long long *p, int n)
{
    unsigned long long s = 0;
    for (int k = 1; k < n; k += 3) s = s * 31 + p[k];
    return s;
}

__attribute__((noinline)) static int stride12(const struct three *p, int n)
{
    int s = 0;
    for (int k = 0; k < n; k++) s += p[k].b - p[k].c;
    return s;
}

__attribute__((noinline)) static unsigned unsigned_test(const int *p, unsigned n)
{
    unsigned s = 0;
    for (unsigned k = 0; k < n; k++) s += (unsigned)p[k] * 2654435761u;
    return s;
}

__attribute__((noinline)) static int used_after(int *p, int n)
{
    int k;
    for (k = 0; k < n; k++) {
        if (p[k] > 150) break;
        p[k] += 1;
    }
    return k;
}

/* constant bounds: the guard folds away and the loop gets a preheader */
__attribute__((noinline)) static unsigned long long fixed_bounds(int m)
{
    unsigned long long s = 0;
    for (int k = 0; k < 200; k++) s += (long long)i32[k] * j32[k];
    for (int k = -20; k < 40; k++) s += i32[k + 20] * m + j32[k + 40];
    for (int k = 63; k >= 0; k--) s = s * 3 + s16[k] - c8[k];
    for (int k = 0; k != 64; k += 2) s ^= (unsigned long long)l64[k] << (k & 15);
    for (int k = 2; k <= 62; k += 3) s += c8[k] * s16[k];
    for (int k = 0; k < 40; k++) s += t12[k].b - t12[k].c;
    for (unsigned k = 0; k < 200; k++) s += i32[k] - j32[k];
    int *mid = i32 + 100;
    for (int k = -100; k < 100; k++) s += (long long)mid[k] * k;
    for (int k = 0; k < 50; k++) { mid[k] += k; mid[-k - 1] -= k; }
    return s;
}

__attribute__((noinline)) static int fixed_used_after(void)
{
    int k;
    for (k = 0; k < 200; k++) if (i32[k] > 400) break;
    int j;
    for (j = 0; j < 64; j++) s16[j] = (short)(s16[j] + j);
    return k * 1000 + j;
}

__attribute__((noinline)) static void copy_scaled(int *dst, const int *src, int n, int m)
{
    for (int k = 0; k < n; k++) dst[k] = src[k] * m;
}

int main(void)
{
    for (int i = 0; i < 64; i++) {
        c8[i] = (signed char)(i * 37 - 100);
        s16[i] = (short)(i * 1013 - 30000);
        l64[i] = (long long)i * 123456789123LL - 999;
    }
    for (int i = 0; i < 200; i++) { i32[i] = i * 7 - 300; j32[i] = 5 - i; }
    for (int i = 0; i < 40; i++) { t12[i].a = i; t12[i].b = i * i; t12[i].c = 3 * i; }
    printf("dot %d %d %d\n", dot_i(i32, j32, 200), dot_i(i32, j32, 0), dot_i(i32 + 3, j32, -5));
    printf("neg %lld %lld %lld\n", neg_start(i32 + 100, -100, 99), neg_start(i32 + 50, -7, -7),
           neg_start(i32 + 50, 3, 2));
    printf("down %u %u\n", down(s16, 64), down(s16, 0));
    printf("by2 %d %d\n", by_two(c8, 64), by_two(c8, 0));
    printf("by3 %llu %llu\n", by_three(l64, 64), by_three(l64, 1));
    printf("s12 %d\n", stride12(t12, 40));
    printf("uns %u %u\n", unsigned_test(i32, 200), unsigned_test(i32, 0));
    printf("after %d %d\n", used_after(i32, 200), used_after(j32, 7));
    printf("fixed %llu %llu\n", fixed_bounds(3), fixed_bounds(-2));
    printf("fixed after %d %d\n", fixed_used_after(), s16[63]);
    copy_scaled(j32, i32, 199, -3);
    printf("copy %d %d %d\n", j32[0], j32[198], j32[199]);
    return 0;
}
