/* Frames without a frame pointer: arrays on the stack, values live across
   calls (callee-saved registers and spills), recursion, several returns,
   and a call with stack arguments. */
#include <stdio.h>

__attribute__((noinline)) static long eight(long a, long b, long c, long d, long e, long f,
                                            long g, long h)
{
    return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h;
}

__attribute__((noinline)) static int fill(int *buf, int n, int base)
{
    for (int i = 0; i < n; i++)
        buf[i] = base + i * i;
    return n;
}

__attribute__((noinline)) static int early(int x)
{
    int local[6] = {0};
    if (x < 0)
        return -1;
    fill(local, 6, x);
    if (local[5] > 40)
        return local[5] - local[0];
    return local[1] + local[2];
}

__attribute__((noinline)) static long depth(int n, long acc)
{
    int pad[3] = {n, n + 1, n + 2};
    if (n == 0)
        return acc + pad[2];
    long r = depth(n - 1, acc * 3 + pad[1]);
    return r + pad[0];
}

int main(void)
{
    int buf[10];
    int count = fill(buf, 10, 3);
    long sum = 0;
    for (int i = 0; i < count; i++)
        sum += buf[i];
    long e = eight(sum, 1, 2, 3, 4, 5, count, buf[9]);
    int a = early(-5);
    int b = early(2);
    int c = early(9);
    long d = depth(5, 1);
    printf("%ld %ld %d %d %d %ld\n", sum, e, a, b, c, d);
    return 0;
}
