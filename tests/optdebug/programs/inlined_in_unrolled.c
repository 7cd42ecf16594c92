/* An inlined callee with nested loops, called from a loop that -O2 unrolls. */
#include <stdio.h>
static int out[3];
static volatile int limit = 2;
static int weigh(int n, int w)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 3; j++)
            s += (i * w + j) % 5;
    return s;
}
int main(void)
{
    int lim = limit;
    for (int k = 0; k < 3; k++)
        out[k] = weigh(lim + k, k + 2);
    printf("%d %d %d\n", out[0], out[1], out[2]);
    return 0;
}
