/* CRC-32 (table driven and bitwise), Adler-32 and FNV-1a over fixed strings. */
#include <stdio.h>
#include <string.h>

static unsigned int table[256];

static void make_table(void)
{
    for (unsigned int n = 0; n < 256; n++) {
        unsigned int c = n;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
}

static unsigned int crc32_table(const unsigned char *p, size_t n)
{
    unsigned int c = 0xFFFFFFFFu;
    while (n--)
        c = table[(c ^ *p++) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

static unsigned int crc32_bitwise(const unsigned char *p, size_t n)
{
    unsigned int c = ~0u;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & -(c & 1));
    }
    return ~c;
}

static unsigned int adler32(const unsigned char *p, size_t n)
{
    unsigned int a = 1, b = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

static unsigned long long fnv1a64(const char *s)
{
    unsigned long long h = 14695981039346656037ULL;
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 1099511628211ULL;
    }
    return h;
}

int main(void)
{
    make_table();
    printf("%08x %08x %08x\n", table[0], table[1], table[255]);
    const char *inputs[] = { "", "a", "abc", "123456789", "The quick brown fox jumps over the lazy dog" };
    for (int i = 0; i < 5; i++) {
        const unsigned char *p = (const unsigned char *)inputs[i];
        size_t n = strlen(inputs[i]);
        printf("%08x %08x %08x %016llx\n", crc32_table(p, n), crc32_bitwise(p, n), adler32(p, n), fnv1a64(inputs[i]));
    }
    unsigned char block[1000];
    for (int i = 0; i < 1000; i++)
        block[i] = (unsigned char)(i * i + 3);
    printf("%08x\n", crc32_table(block, sizeof block));
    return 0;
}
