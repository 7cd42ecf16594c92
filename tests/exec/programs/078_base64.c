/* Base64 encode and decode round trip with a lookup table and bit packing. */
#include <stdio.h>
#include <string.h>

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static size_t encode(const unsigned char *in, size_t n, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)in[i] << 16;
        if (i + 1 < n) v |= (unsigned)in[i + 1] << 8;
        if (i + 2 < n) v |= in[i + 2];
        out[o++] = alphabet[(v >> 18) & 63];
        out[o++] = alphabet[(v >> 12) & 63];
        out[o++] = i + 1 < n ? alphabet[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < n ? alphabet[v & 63] : '=';
    }
    out[o] = '\0';
    return o;
}

static int value_of(char c)
{
    const char *p = strchr(alphabet, c);
    return p && c ? (int)(p - alphabet) : -1;
}

static int decode(const char *in, unsigned char *out)
{
    size_t n = strlen(in);
    int o = 0;
    for (size_t i = 0; i + 3 < n; i += 4) {
        int a = value_of(in[i]), b = value_of(in[i + 1]);
        int c = in[i + 2] == '=' ? 0 : value_of(in[i + 2]);
        int d = in[i + 3] == '=' ? 0 : value_of(in[i + 3]);
        if (a < 0 || b < 0 || c < 0 || d < 0)
            return -1;
        unsigned v = (unsigned)a << 18 | (unsigned)b << 12 | (unsigned)c << 6 | (unsigned)d;
        out[o++] = (unsigned char)(v >> 16);
        if (in[i + 2] != '=') out[o++] = (unsigned char)(v >> 8);
        if (in[i + 3] != '=') out[o++] = (unsigned char)v;
    }
    return o;
}

int main(void)
{
    const char *samples[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar", "Many hands make light work." };
    char enc[128];
    unsigned char dec[128];
    for (int i = 0; i < 8; i++) {
        size_t n = strlen(samples[i]);
        encode((const unsigned char *)samples[i], n, enc);
        int m = decode(enc, dec);
        printf("'%s' -> '%s' -> %d %s\n", samples[i], enc, m, m == (int)n && memcmp(dec, samples[i], n) == 0 ? "ok" : "BAD");
    }
    unsigned char bin[20];
    for (int i = 0; i < 20; i++)
        bin[i] = (unsigned char)(255 - i * 13);
    encode(bin, 20, enc);
    printf("%s\n", enc);
    int m = decode(enc, dec);
    printf("%d %d %d\n", m, dec[0], dec[19]);
    printf("%d\n", decode("ab!d", dec));
    return 0;
}
