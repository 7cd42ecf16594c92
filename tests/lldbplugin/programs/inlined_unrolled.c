/* An inlined callee inside a loop that -O2 unrolls, and a second call site:
   each copy of scale's body is its own atom. */
#include <stdio.h>
static int out[6];
static volatile int base = 4;
static inline int scale(int v, int k)
{
    int t = v * k;
    if (t > 20)
        t -= 7;
    return t;
}
static void run(int k)
{
    for (int i = 0; i < 3; i++)
        out[i + (k & 1) * 3] = scale(base + i, k);
}
int main(void)
{
    run(2);
    run(3);
    int total = 0;
    for (int i = 0; i < 6; i++)
        total += out[i];
    printf("%d\n", total);
    return total == 0;
}
