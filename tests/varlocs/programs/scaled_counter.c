/* Counted loops over arrays that share the index: lftr tests the exit on the
 * 64-bit byte offset iv-sr made (k * 4, k * 8) and deletes the counter, whose
 * records become `offset & mask >> 2` (or 3). The watched values cover a
 * negative offset (k from -20, through a pointer into the middle of the array)
 * and a down-counting loop. Before the mask, the back end refused the shift
 * and k was optimized out over the whole loop. */
#include <stdio.h>

int a[64], b[64];
long long la[40], lb[40];

__attribute__((noinline)) static int dot_mid(const int *x, const int *y)
{
    int s = 0;
    for (int k = -20; k < 20; k++)
        s += x[k] * y[k];                          //@ label: dot_body
    return s;
}

__attribute__((noinline)) static long long down(void)
{
    long long s = 0;
    for (int k = 39; k >= 0; k--)
        s = (s ^ la[k]) * lb[k];                 //@ label: down_body
    return s;
}

int main(void)
{
    for (int i = 0; i < 64; i++) { a[i] = i + 1; b[i] = 2 * i; }
    for (int i = 0; i < 40; i++) { la[i] = i * 7; lb[i] = (i & 1) ? 1 : -1; }
    printf("%d %lld\n", dot_mid(a + 32, b + 32), down());
    return 0;
}
//@ watch(k) at dot_body: -20 -19 -18 -17 -16 -15 -14 -13 -12 -11 -10 -9 -8 -7 -6 -5 -4 -3 -2 -1 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
//@ watch(k) at down_body: 39 38 37 36 35 34 33 32 31 30 29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0
