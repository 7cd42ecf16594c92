/* Recursion: factorial, fibonacci and a recursive sum over an array. */
#include <stdio.h>

//! break: fact_base fib_done all_done
//! globals: g_depth
//! step: fact 12
//! next: main 8
//! finish: fib
//! bt: fact_base
//! lldb

int g_depth = 0;

static unsigned long fact(unsigned int n)
{
    g_depth++;
    if (n <= 1)
        return 1;                                  //@ label: fact_base
    return n * fact(n - 1);
}

static int fib(int n)
{
    if (n < 2)
        return n;
    int a = fib(n - 1);
    int b = fib(n - 2);
    return a + b;
}

static long sum_range(const int *v, int lo, int hi)
{
    if (lo == hi)
        return v[lo];
    int mid = (lo + hi) / 2;
    long left = sum_range(v, lo, mid);
    long right = sum_range(v, mid + 1, hi);
    return left + right;
}

int main(void)
{
    int data[6] = {4, 8, 15, 16, 23, 42};
    unsigned long f5 = fact(5);
    int f10 = fib(10);                             //@ label: fib_done
    long s = sum_range(data, 0, 5);
    printf("%lu %d %ld %d\n", f5, f10, s, g_depth);   //@ label: all_done
    return 0;
}
