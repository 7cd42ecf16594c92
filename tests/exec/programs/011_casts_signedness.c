/* Casts that change signedness but not size, and their effect on comparisons. */
#include <stdio.h>

static unsigned int as_unsigned(int x) { return (unsigned int)x; }
static int as_signed(unsigned int x) { return (int)x; }

int main(void)
{
    int vals[] = { 0, 1, -1, 2147483647, -2147483647 - 1, 12345, -12345 };
    for (int i = 0; i < 7; i++) {
        unsigned int u = as_unsigned(vals[i]);
        printf("%d -> %u -> %d  hex %08x\n", vals[i], u, as_signed(u), u);
    }
    long l = -42;
    unsigned long ul = (unsigned long)l;
    printf("%lu %ld\n", ul, (long)ul);
    unsigned long long big = 18446744073709551557ULL;
    printf("%lld\n", (long long)big);
    signed char sc = (signed char)0xC8;
    unsigned char uc = (unsigned char)sc;
    printf("%d %d\n", sc, uc);
    short s = (short)0xFFFE;
    printf("%d %u\n", s, (unsigned short)s);
    int a = -1;
    if ((unsigned)a > 100u)
        printf("big unsigned\n");
    if (a < 100)
        printf("small signed\n");
    unsigned int mask = (unsigned int)-1 >> 4;
    printf("%x\n", mask);
    int sm = (int)(~0u >> 1);
    printf("%d\n", sm);
    return 0;
}
