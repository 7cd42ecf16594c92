/* 64-bit multiply-accumulate over arrays: dot products and a FIR filter of int64 samples. */
#include <stdio.h>

#define N 4096
#define TAPS 32

static long long x[N], y[N], coef[TAPS], out[N];

static long long dot(const long long *p, const long long *q, int n)
{
    long long s = 0;
    for (int i = 0; i < n; i++) s += p[i] * q[i];
    return s;
}

static void fir(long long *dst, const long long *src, const long long *h, int n)
{
    for (int i = TAPS; i < n; i++) {
        long long acc = 0;
        for (int t = 0; t < TAPS; t++) acc += src[i - t] * h[t];
        dst[i] = acc >> 8;
    }
}

int main(void)
{
    unsigned long long seed = 88172645463325252ull;
    for (int i = 0; i < N; i++) {
        seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
        x[i] = (long long)(seed % 2000001) - 1000000;
        y[i] = (long long)((seed >> 21) % 4000001) - 2000000;
    }
    for (int t = 0; t < TAPS; t++) coef[t] = (t * 37 + 11) % 97 - 48;
    unsigned long long check = 0;
    for (int rep = 0; rep < 30000; rep++) {
        y[rep % N] += rep;
        check = check * 1000003u + (unsigned long long)dot(x, y, N);
    }
    for (int rep = 0; rep < 600; rep++) {
        fir(out, x, coef, N);
        x[rep] ^= out[N - 1 - rep];
        check ^= (unsigned long long)out[N / 2 + rep] << (rep & 31);
    }
    printf("mac64 check = %llu, out[100] = %lld\n", check, out[100]);
    return 0;
}
