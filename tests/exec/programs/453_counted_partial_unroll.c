/* Counted loops that -O2 unrolls 4 or 2 times when the factor divides the
   trip count (the copies' exit tests folded), next to near misses: odd counts,
   counting down, steps of 3, unsigned and char counters that wrap, i+d
   addresses shared with one induction variable, and a counter used after the
   loop. Every result must match gcc's build. */
#include <stdio.h>

static int a[200], b[200][8];
static long sums[16];

static long sum_range(int lo, int hi)
{
    long s = 0;
    for (int k = lo; k < hi; k++) s += a[k] * (k + 1);
    return s;
}

int main(void)
{
    for (int i = 0; i < 200; i++) a[i] = (i * 37 + 11) % 101 - 50;
    for (int i = 0; i < 200; i++)
        for (int j = 0; j < 8; j++) b[i][j] = i * 8 + j - 700;
    long s = 0;
    for (int k = 0; k < 160; k++) s += a[k] * b[k][3];           /* 160: x4 */
    sums[0] = s;
    s = 0;
    for (int k = 0; k < 162; k++) s += a[k] * a[k + 1];          /* 162: x2 */
    sums[1] = s;
    s = 0;
    for (int k = 0; k < 161; k++) s += a[k];                      /* odd */
    sums[2] = s;
    s = 0;
    for (int k = 159; k >= 0; k--) s = s * 3 + a[k];             /* down */
    sums[3] = s;
    s = 0;
    for (int k = 0; k < 192; k += 3) s ^= a[k] << (k & 7);       /* 64 trips */
    sums[4] = s;
    s = 0;
    for (unsigned u = 4294967200u; u != 24; u++) s += u & 7;     /* wraps: 120 trips */
    sums[5] = s;
    s = 0;
    for (unsigned char c = 200; c != 8; c++) s += c;             /* wraps: 64 trips */
    sums[6] = s;
    int k;
    for (k = 0; k < 40; k++)
        if (a[k] > 45) break;                                     /* early exit */
    sums[7] = k;
    s = 0;
    for (int m = 8; m < 200; m++) s += (long)a[m] * a[m - 1] - a[m - 8];
    sums[8] = s;
    int c2[64];
    for (int m = 0; m < 64; m++) c2[m] = a[m] + a[m + 1] + a[m + 2] + a[m + 3];
    s = 0;
    for (int m = 0; m < 64; m++) s = s * 7 + c2[m];
    sums[9] = s;
    sums[10] = sum_range(0, 200) + sum_range(3, 7) + sum_range(5, 5);
    for (int i = 0; i < 16; i++) printf("%d %ld\n", i, sums[i]);
    return 0;
}
