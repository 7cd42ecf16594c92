/* Shifts on signed and unsigned operands of several widths. */
#include <stdio.h>

int main(void)
{
    for (int n = 0; n < 32; n += 3)
        printf("1<<%d=%d  0x80000000u>>%d=%u\n", n, n < 31 ? 1 << n : 0, n, 0x80000000u >> n);
    for (int n = 0; n < 64; n += 7)
        printf("%lu %lu\n", 1UL << n, 0x8000000000000000UL >> n);
    int neg = -256;
    printf("%d %d %d\n", neg >> 1, neg >> 4, neg >> 8);   /* arithmetic shift as in gcc */
    long lneg = -1000000000000L;
    printf("%ld\n", lneg >> 10);
    unsigned int u = 0xF0F0F0F0u;
    printf("%x %x\n", u >> 4, u << 4);
    unsigned char uc = 0x81;
    printf("%d %d\n", uc << 1, uc >> 1);
    signed char sc = -128;
    printf("%d\n", sc >> 3);
    unsigned long long x = 0x0123456789ABCDEFULL;
    unsigned long long rot = (x << 12) | (x >> 52);
    printf("%llx\n", rot);
    int amount = 5;
    int v = 3;
    v <<= amount;
    printf("%d\n", v);
    v >>= 2;
    printf("%d\n", v);
    long s = 1;
    int cnt = 40;
    printf("%ld\n", s << cnt);
    unsigned short us = 0xFFFF;
    printf("%d\n", us << 15 >> 15);
    printf("%u\n", (unsigned)us << 16);
    return 0;
}
