/* Mutual recursion and a deep call chain with by-value arguments. */
#include <stdio.h>

//! break: even_base chain_end printed
//! globals: g_calls
//! step: is_even 10
//! next: main 8
//! finish: ackermann
//! bt: even_base

int g_calls;

static int is_odd(unsigned int n);

static int is_even(unsigned int n)
{
    g_calls++;
    if (n == 0)
        return 1;                                  //@ label: even_base
    return is_odd(n - 1);
}

static int is_odd(unsigned int n)
{
    g_calls++;
    if (n == 0)
        return 0;
    return is_even(n - 1);
}

static int ackermann(int m, int n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

static long level3(long x) { return x * 3; }
static long level2(long x) { return level3(x + 1) + 1; }
static long level1(long x)
{
    long r = level2(x * 2);
    return r;                                      //@ label: chain_end
}

int main(void)
{
    int e = is_even(8);
    int a = ackermann(2, 3);
    long c = level1(5);
    printf("%d %d %ld %d\n", e, a, c, g_calls);    //@ label: printed
    return 0;
}
