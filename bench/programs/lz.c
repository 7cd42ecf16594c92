/* A small LZ77 compressor and decompressor, round trip on generated text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 3000000
#define WINDOW 4096
#define MINMATCH 3
#define MAXMATCH 258

static long compress(const unsigned char *in, long n, unsigned char *out)
{
    static int head[1 << 14], prev[N];
    memset(head, -1, sizeof head);
    long o = 0;
    long i = 0;
    while (i < n) {
        int best_len = 0, best_dist = 0;
        if (i + MINMATCH <= n) {
            unsigned int h = ((in[i] << 10) ^ (in[i + 1] << 5) ^ in[i + 2]) & ((1 << 14) - 1);
            int cand = head[h], tries = 32;
            while (cand >= 0 && i - cand <= WINDOW && tries--) {
                int len = 0;
                while (len < MAXMATCH && i + len < n && in[cand + len] == in[i + len]) len++;
                if (len > best_len) { best_len = len; best_dist = (int)(i - cand); }
                cand = prev[cand];
            }
            prev[i] = head[h];
            head[h] = (int)i;
        }
        if (best_len >= MINMATCH) {
            out[o++] = 1; out[o++] = (unsigned char)(best_dist >> 8); out[o++] = (unsigned char)best_dist;
            out[o++] = (unsigned char)(best_len - MINMATCH);
            for (int k = 1; k < best_len; k++) {
                long j = i + k;
                if (j + MINMATCH <= n) {
                    unsigned int h = ((in[j] << 10) ^ (in[j + 1] << 5) ^ in[j + 2]) & ((1 << 14) - 1);
                    prev[j] = head[h];
                    head[h] = (int)j;
                }
            }
            i += best_len;
        } else {
            out[o++] = 0; out[o++] = in[i++];
        }
    }
    return o;
}

static long decompress(const unsigned char *in, long n, unsigned char *out)
{
    long o = 0;
    for (long i = 0; i < n;) {
        if (in[i] == 0) { out[o++] = in[i + 1]; i += 2; }
        else {
            int dist = (in[i + 1] << 8) | in[i + 2], len = in[i + 3] + MINMATCH;
            for (int k = 0; k < len; k++, o++) out[o] = out[o - dist];
            i += 4;
        }
    }
    return o;
}

int main(void)
{
    static const char *words[] = {"the ", "quick ", "brown ", "fox ", "jumps ", "over ", "lazy ",
                                  "dog ", "and ", "compilers ", "debug ", "info "};
    unsigned char *text = malloc(N), *packed = malloc(2 * N + 16), *back = malloc(N);
    unsigned int x = 5;
    long n = 0;
    while (n < N - 16) {
        x = x * 1103515245u + 12345u;
        const char *w = words[(x >> 16) % 12];
        while (*w && n < N - 16) text[n++] = (unsigned char)*w++;
    }
    long c = compress(text, n, packed);
    long d = decompress(packed, c, back);
    printf("%ld bytes -> %ld -> %ld, %s\n", n, c, d, d == n && memcmp(text, back, n) == 0 ? "ok" : "MISMATCH");
    free(text); free(packed); free(back);
    return 0;
}
