/* Small static helpers inlined at -O2: their parameters and locals live on as
   inlined instances in the callers' frames. */
#include <stdio.h>

static int square_plus(int v, int k)
{
    int sq = v * v;
    return sq + k;
}

static int clamp(int x, int lo, int hi)
{
    if (x < lo)
        return lo;
    if (x > hi)
        return hi;
    return x;
}

int main(void)
{
    int total = 0;
    for (int i = -3; i < 4; i++) {
        int a = square_plus(i, 2);
        int b = clamp(a, 3, 9);
        total += b;
        printf("%d %d %d\n", i, a, b);
    }
    printf("total %d\n", total);
    return 0;
}
