/* long and long long: 64-bit arithmetic, constants and mixing with int. */
#include <stdio.h>

static long long mulmod(long long a, long long b, long long m)
{
    long long r = 0;
    a %= m;
    while (b > 0) {
        if (b & 1)
            r = (r + a) % m;
        a = (a * 2) % m;
        b >>= 1;
    }
    return r;
}

int main(void)
{
    long a = 1000000L * 1000000L;
    long long b = 9223372036854775807LL;
    long long c = -9223372036854775807LL - 1;
    printf("%ld %lld %lld\n", a, b, c);
    int i = 2000000000;
    long wide = (long)i * 4;
    printf("%ld\n", wide);
    long long f = 1;
    for (int k = 1; k <= 20; k++) {
        f *= k;
        printf("%d! = %lld\n", k, f);
    }
    printf("%lld\n", mulmod(123456789012LL, 987654321098LL, 1000000007LL));
    long x = -123456789012L;
    printf("%ld %ld %ld\n", x / 1000, x % 1000, x / -7);
    unsigned long ul = 18446744073709551615UL;
    printf("%lu %lx\n", ul, ul);
    unsigned long long ull = 0xDEADBEEFCAFEBABEULL;
    printf("%llx %llu\n", ull, ull >> 32);
    long long mix = (long long)i * i;
    printf("%lld\n", mix);
    printf("%d %d\n", (int)sizeof(long), (int)sizeof(long long));
    long n = 1;
    int bits = 0;
    while (n > 0 && bits < 70) {
        if (n > 4611686018427387903L)
            break;
        n *= 2;
        bits++;
    }
    printf("bits %d %ld\n", bits, n);
    return 0;
}
