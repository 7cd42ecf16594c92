/* Table-driven CRC-32 and Adler-32 over a generated buffer. */
#include <stdio.h>
#include <stdlib.h>

#define SIZE (4 << 20)

static unsigned int table[256];

static void make_table(void)
{
    for (unsigned int n = 0; n < 256; n++) {
        unsigned int c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
}

static unsigned int crc32(const unsigned char *p, long n)
{
    unsigned int c = 0xffffffffu;
    for (long i = 0; i < n; i++) c = table[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

static unsigned int adler32(const unsigned char *p, long n)
{
    unsigned int a = 1, b = 0;
    for (long i = 0; i < n; i++) { a = (a + p[i]) % 65521u; b = (b + a) % 65521u; }
    return (b << 16) | a;
}

int main(void)
{
    unsigned char *buf = malloc(SIZE);
    unsigned int x = 1;
    for (long i = 0; i < SIZE; i++) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; buf[i] = (unsigned char)x; }
    make_table();
    printf("crc32 %08x adler32 %08x\n", crc32(buf, SIZE), adler32(buf, SIZE));
    free(buf);
    return 0;
}
