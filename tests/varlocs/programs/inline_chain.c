/* Static helpers inlined into their callers at -O2, two levels deep, on data
   the compiler cannot fold (a volatile seed). */
#include <stdio.h>

static volatile int seed = 7;

static int mix(int h, int v)
{
    h ^= v;
    h *= 16777619;
    return h;
}

static int hash_range(const int *a, int n)
{
    int h = (int)2166136261u;
    for (int i = 0; i < n; i++)
        h = mix(h, a[i]);
    return h;
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
    int data[16];
    int s = seed;
    for (int i = 0; i < 16; i++)
        data[i] = s * i + (i & 3);
    int total = 0;
    for (int round = 0; round < 4; round++) {
        int h = hash_range(data, 4 + round * 4);
        int c = clamp(h & 1023, 100, 900);
        total += c;
        printf("round %d: %d %d\n", round, h, c);
    }
    printf("total %d\n", total);
    return 0;
}
