/* 64-bit signed and unsigned division and modulo, including values above 2^63 and by powers of two. */
#include <stdio.h>

static unsigned long long udiv(unsigned long long a, unsigned long long b) { return a / b; }
static unsigned long long umod(unsigned long long a, unsigned long long b) { return a % b; }
static long long sdiv(long long a, long long b) { return a / b; }
static long long smod(long long a, long long b) { return a % b; }

int main(void)
{
    unsigned long long ua[] = { 0, 1, 7, 1ULL << 40, 0x8000000000000000ULL, 0xFFFFFFFFFFFFFFFFULL, 12345678901234567890ULL };
    unsigned long long ub[] = { 1, 2, 3, 10, 1ULL << 32, 0x8000000000000001ULL, 0xFFFFFFFFFFFFFFFFULL };
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++)
            printf("%llu %llu -> %llu %llu\n", ua[i], ub[j], udiv(ua[i], ub[j]), umod(ua[i], ub[j]));
    long long sa[] = { 0, -1, 9223372036854775807LL, -9223372036854775807LL - 1, -123456789012345LL };
    long long sb[] = { 1, -1, 3, -7, 1000000007LL };
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) {
            if (sa[i] == -9223372036854775807LL - 1 && sb[j] == -1)
                continue;      /* overflow: undefined */
            printf("%lld %lld -> %lld %lld\n", sa[i], sb[j], sdiv(sa[i], sb[j]), smod(sa[i], sb[j]));
        }
    long long n = -1000;
    printf("%lld %lld %lld\n", n / 8, n % 8, n >> 3);
    unsigned long long m = 1000;
    printf("%llu %llu\n", m / 16, m % 16);
    unsigned int u32 = 4000000000u;
    printf("%u %u\n", u32 / 3, u32 % 7);
    return 0;
}
