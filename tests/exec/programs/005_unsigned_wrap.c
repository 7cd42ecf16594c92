/* Unsigned arithmetic wraps modulo 2^N at every width. */
#include <stdio.h>

int main(void)
{
    unsigned int u = 0;
    u = u - 1;
    printf("%u %x\n", u, u);
    u = u + 2;
    printf("%u\n", u);
    unsigned int big = 4000000000u;
    printf("%u\n", big + big);
    printf("%u\n", big * 3u);
    unsigned long ul = 0;
    ul--;
    printf("%lu\n", ul);
    printf("%lu\n", ul * ul);
    unsigned long long ull = 1ULL << 63;
    printf("%llu %llu\n", ull, ull * 2);
    unsigned char uc = 0;
    uc--;
    printf("%u\n", uc);
    unsigned short us = 0;
    us -= 1;
    printf("%u\n", us);
    unsigned int h = 2166136261u;
    const char *s = "wrap-around hashing";
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 16777619u;
    }
    printf("fnv %u\n", h);
    unsigned int x = 123456789u;
    for (int i = 0; i < 10; i++) {
        x = x * 1103515245u + 12345u;
        printf("lcg %u\n", x);
    }
    unsigned neg = -5;
    printf("%u %d\n", neg, (int)neg);
    printf("%u\n", -1u / 3);
    printf("%d\n", 0u - 1 > 0);
    return 0;
}
