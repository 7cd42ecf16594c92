/* Indexes that run down an array while the counter runs up (opt/ivsr.py's
 * `n - (i + d)` shapes): a reversal `out[i] = in[n - 1 - i]` over bytes, ints and
 * longs, a FIR filter's `x[i - t]` (unrolled copies `x[i - (t + d)]`), a
 * palindrome test from both ends, a counter starting below zero, one starting at
 * a variable value and stepping by two, and an unsigned counter (no `nsw`: left as it is). */
#include <stdio.h>

static unsigned char bytes[300], rbytes[300];
static int ints[257], rints[257];
static long longs[129], rlongs[129];

static void rev_bytes(unsigned char *out, const unsigned char *in, int n)
{
    for (int i = 0; i < n; i++) out[i] = in[n - 1 - i];
}

static void rev_ints(int *out, const int *in, int n)
{
    for (int i = 0; i < n; i++) out[i] = in[n - 1 - i] * 3 + i;
}

static long rev_longs_sum(const long *in, int n, int from)
{
    long s = 0;
    for (int i = from; i < n; i += 2) s += in[n - 1 - i] ^ (long)i;
    return s;
}

static unsigned long fir(const long *x, const long *h, int n, int taps)
{
    unsigned long total = 0;
    for (int i = taps; i < n; i++) {
        long acc = 0;
        for (int t = 0; t < taps; t++) acc += x[i - t] * h[t];
        total = total * 31 + (unsigned long)(acc >> 3);
    }
    return total;
}

static int palindrome(const char *s, int n)
{
    for (int i = 0; i < n / 2; i++)
        if (s[i] != s[n - 1 - i]) return 0;
    return 1;
}

static unsigned urev(const unsigned *in, unsigned n)
{
    unsigned h = 0;
    for (unsigned i = 0; i < n; i++) h = h * 33 + in[n - 1 - i];
    return h;
}

static unsigned from_negative(const int *mid, int n)
{
    unsigned s = 0;
    for (int i = -n; i < n; i++) s = s * 7 + (unsigned)mid[n - i - 1];
    return s;
}

int main(void)
{
    for (int i = 0; i < 300; i++) bytes[i] = (unsigned char)(i * 37 + 11);
    for (int i = 0; i < 257; i++) ints[i] = i * i - 1000;
    for (int i = 0; i < 129; i++) longs[i] = (long)i * 1000003L - 77;
    unsigned long h = 0;
    for (int n = 0; n <= 300; n += 7) {
        rev_bytes(rbytes, bytes, n);
        for (int i = 0; i < n; i++) h = h * 131 + rbytes[i];
    }
    for (int n = 1; n <= 257; n += 16) {
        rev_ints(rints, ints, n);
        for (int i = 0; i < n; i++) h = h * 131 + (unsigned)rints[i];
    }
    for (int from = 0; from < 7; from++)
        h = h * 131 + (unsigned long)rev_longs_sum(longs, 129, from);
    long coef[16];
    for (int t = 0; t < 16; t++) coef[t] = (t * 5 + 3) % 11 - 5;
    for (int taps = 1; taps <= 16; taps += 5)
        h = h * 131 + fir(longs, coef, 129, taps);
    const char *words[] = {"", "a", "abba", "abcba", "abca", "racecar", "level", "levels"};
    for (int w = 0; w < 8; w++) {
        int n = 0;
        while (words[w][n]) n++;
        h = h * 131 + (unsigned long)palindrome(words[w], n);
    }
    unsigned us[40];
    for (unsigned i = 0; i < 40; i++) us[i] = i * 2654435761u;
    h = h * 131 + urev(us, 40) + urev(us, 0);
    h = h * 131 + from_negative(ints + 128, 64);
    printf("%lu\n", h);
    return 0;
}
