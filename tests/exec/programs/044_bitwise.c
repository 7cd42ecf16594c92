/* Bitwise & | ^ ~ on signed and unsigned operands, bit manipulation idioms. */
#include <stdio.h>

static int popcount(unsigned long x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static unsigned reverse_bits(unsigned x)
{
    unsigned r = 0;
    for (int i = 0; i < 32; i++) {
        r = (r << 1) | (x & 1);
        x >>= 1;
    }
    return r;
}

int main(void)
{
    unsigned a = 0xF0F0u, b = 0xFF00u;
    printf("%x %x %x %x\n", a & b, a | b, a ^ b, ~a);
    int sa = -16, sb = 0x0F;
    printf("%d %d %d %d\n", sa & sb, sa | sb, sa ^ sb, ~sa);
    unsigned long words[] = { 0, 1, 0xFF, 0xDEADBEEFUL, ~0UL, 0x8000000000000000UL };
    for (int i = 0; i < 6; i++)
        printf("%lx pop=%d\n", words[i], popcount(words[i]));
    printf("%x\n", reverse_bits(0x12345678u));
    unsigned flags = 0;
    flags |= 1u << 3;
    flags |= 1u << 7;
    flags &= ~(1u << 3);
    flags ^= 1u << 0;
    printf("%x %d %d\n", flags, (flags >> 7) & 1, (flags >> 3) & 1);
    int x = 12345;
    printf("%d\n", x & -x);                 /* lowest set bit */
    unsigned v = 37;
    v--;
    v |= v >> 1; v |= v >> 2; v |= v >> 4; v |= v >> 8; v |= v >> 16;
    v++;
    printf("%u\n", v);                      /* next power of two */
    long long m = 0x5555555555555555LL;
    printf("%llx %llx\n", (unsigned long long)(m & 0x0F0F0F0F0F0F0F0FLL), (unsigned long long)~m);
    unsigned char c = 0xA5;
    printf("%x %x\n", (unsigned char)~c, c ^ 0xFF);
    int p = 6, q = 3;
    printf("%d\n", (p ^ q) < 0 ? 1 : 0);
    p ^= q; q ^= p; p ^= q;                 /* swap */
    printf("%d %d\n", p, q);
    printf("%d\n", (7 & 3) | ((8 ^ 2) & 15));
    return 0;
}
