/* Reading bytes of integers through unsigned char and unions (allowed aliasing), endianness helpers. */
#include <stdio.h>
#include <string.h>

union word64 { unsigned long long u; unsigned int half[2]; unsigned short quarter[4]; unsigned char byte[8]; };

static unsigned int load_le32(const unsigned char *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8 | (unsigned)p[2] << 16 | (unsigned)p[3] << 24;
}

static unsigned int load_be32(const unsigned char *p)
{
    return (unsigned)p[3] | (unsigned)p[2] << 8 | (unsigned)p[1] << 16 | (unsigned)p[0] << 24;
}

static unsigned int bswap32(unsigned int x)
{
    return (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);
}

int main(void)
{
    union word64 w;
    w.u = 0x0102030405060708ULL;
    for (int i = 0; i < 8; i++)
        printf("%02x ", w.byte[i]);
    printf("\n%x %x\n", w.half[0], w.half[1]);
    printf("%x %x %x %x\n", w.quarter[0], w.quarter[1], w.quarter[2], w.quarter[3]);
    w.byte[7] = 0xff;
    printf("%llx\n", w.u);
    unsigned char raw[8] = { 0x78, 0x56, 0x34, 0x12, 0xef, 0xcd, 0xab, 0x89 };
    printf("%x %x %x\n", load_le32(raw), load_be32(raw), load_le32(raw + 4));
    printf("%x\n", bswap32(0x12345678u));
    int value = -2;
    unsigned char bytes[sizeof value];
    memcpy(bytes, &value, sizeof value);
    for (unsigned i = 0; i < sizeof value; i++)
        printf("%02x", bytes[i]);
    printf("\n");
    long l;
    unsigned char src[8] = { 1, 0, 0, 0, 0, 0, 0, 0x80 };
    memcpy(&l, src, sizeof l);
    printf("%ld\n", l);
    unsigned short s = 0xABCD;
    const unsigned char *sp = (const unsigned char *)&s;
    printf("%x %x\n", sp[0], sp[1]);
    return 0;
}
