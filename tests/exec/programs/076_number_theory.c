/* gcd, lcm, extended Euclid, modular exponentiation and inverse, integer square root. */
#include <stdio.h>

static long gcd(long a, long b) { return b == 0 ? a : gcd(b, a % b); }
static long lcm(long a, long b) { return a / gcd(a, b) * b; }

static long ext_gcd(long a, long b, long *x, long *y)
{
    if (b == 0) {
        *x = 1;
        *y = 0;
        return a;
    }
    long x1, y1;
    long g = ext_gcd(b, a % b, &x1, &y1);
    *x = y1;
    *y = x1 - (a / b) * y1;
    return g;
}

static unsigned long long powmod(unsigned long long b, unsigned long long e, unsigned long long m)
{
    unsigned long long r = 1;
    b %= m;
    while (e) {
        if (e & 1)
            r = r * b % m;
        b = b * b % m;
        e >>= 1;
    }
    return r;
}

static unsigned long isqrt(unsigned long n)
{
    unsigned long lo = 0, hi = n < 4294967295UL ? n : 4294967295UL;
    while (lo < hi) {
        unsigned long mid = lo + (hi - lo + 1) / 2;
        if (mid * mid <= n)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

int main(void)
{
    long pairs[][2] = { { 12, 18 }, { 17, 5 }, { 1071, 462 }, { 0, 9 }, { 1000000007, 998244353 } };
    for (int i = 0; i < 5; i++) {
        long a = pairs[i][0], b = pairs[i][1], x, y;
        long g = ext_gcd(a, b, &x, &y);
        printf("gcd(%ld,%ld)=%ld lcm=%ld x=%ld y=%ld check=%ld\n", a, b, gcd(a, b),
               a && b ? lcm(a, b) : 0, x, y, a * x + b * y == g ? 1L : 0L);
    }
    const unsigned long long p = 1000000007ULL;
    printf("%llu %llu %llu\n", powmod(2, 10, p), powmod(3, 1000000, p), powmod(123456789, p - 2, p));
    unsigned long long inv = powmod(42, p - 2, p);
    printf("inv %llu check %llu\n", inv, inv * 42 % p);
    unsigned long tests[] = { 0, 1, 15, 16, 17, 1000000, 999999999999UL, 18446744073709551615UL };
    for (int i = 0; i < 8; i++)
        printf("isqrt(%lu)=%lu\n", tests[i], isqrt(tests[i]));
    long acc = 1;
    for (int k = 1; k <= 20; k++)
        acc = lcm(acc, k);
    printf("lcm 1..20 = %ld\n", acc);
    return 0;
}
