/* Exit values of counters that start at another constant, count down or step by
 * more than 1 (opt/exit_values.py, `Counted`). The exit is reached from the guard
 * (the loop never ran: the counter is its start) and from the latch (the first
 * value past the bound), in different places, so the solver finds no common
 * location; on both paths the counter is one closed form over a live value:
 * `for (k = 3; k < n; k++)` leaves k = 3 + max(n - 3, 0); `for (k = 0; k < n;
 * k += 4)` the first multiple of 4 >= n; `for (k = n; k > 1; k -= 2)` the first of
 * n, n - 2, ... that is <= 1; `for (k = n; k > 2; k--)` unsigned leaves k =
 * min(n, 2); `k <= n` from 0 leaves k = max(n + 1, 0), `k >= 0` down from n
 * leaves -1 or n (the down-counters' registers, the same on both paths, are
 * described until the call to printf reuses them, the closed forms after it).
 * Before: `paths leave its value in different places` (optimized out). */
#include <stdio.h>

int g[16];

__attribute__((noinline)) static int from3(int n)
{
    int k, s = 0;
    for (k = 3; k < n; k++)
        s += g[k & 15];
    g[1] = s;                                      //@ label: after_from3
    printf("%d\n", s);
    return s;
}

__attribute__((noinline)) static int by4(unsigned n)
{
    unsigned k;
    int s = 0;
    for (k = 0; k < n; k += 4)
        s += g[k & 15];
    g[2] = s;                                      //@ label: after_by4
    printf("%d\n", s);
    return s;
}

__attribute__((noinline)) static int down2(int n)
{
    int k, s = 0;
    for (k = n; k > 1; k -= 2)
        s += g[k & 15];
    printf("%d\n", s);
    g[3] = s;                                      //@ label: after_down2
    return s;
}

__attribute__((noinline)) static int down_u(unsigned n)
{
    unsigned k;
    int s = 0;
    for (k = n; k > 2; k--)
        s += g[k & 15];
    printf("%d\n", s);
    g[4] = s;                                      //@ label: after_down_u
    return s;
}

__attribute__((noinline)) static int from_neg(int n)
{
    int k, s = 0;
    for (k = -7; k < n; k += 2)
        s += g[k & 15];
    g[5] = s;                                      //@ label: after_from_neg
    printf("%d\n", s);
    return s;
}

__attribute__((noinline)) static int upto(int n)
{
    int k, s = 0;
    for (k = 0; k <= n; k++)
        s += g[k & 15];
    g[6] = s;                                      //@ label: after_upto
    printf("%d\n", s);
    return s;
}

__attribute__((noinline)) static int down_ge(int n)
{
    int k, s = 0;
    for (k = n; k >= 0; k--)
        s += g[k & 15];
    printf("%d\n", s);
    g[7] = s;                                      //@ label: after_down_ge
    return s;
}

int main(void)
{
    for (int k = 0; k < 16; k++)
        g[k] = k;
    int r = from3(6) + from3(-5) + from3(9);
    r += by4(10) + by4(0) + by4(8);
    r += down2(8) + down2(7) + down2(-4);
    r += down_u(6) + down_u(1) + down_u(9);
    r += from_neg(4) + from_neg(-9) + from_neg(-6);
    r += upto(5) + upto(-3) + upto(2);
    r += down_ge(4) + down_ge(-5) + down_ge(0);
    return r == 0;
}
//@ watch(k) at after_from3: 6 3 9
//@ watch(k) at after_by4: 12 0 8
//@ watch(k) at after_down2: 0 1 -4
//@ watch(k) at after_down_u: 2 1 2
//@ watch(k) at after_from_neg: 5 -7 -5
//@ watch(k) at after_upto: 6 0 3
//@ watch(k) at after_down_ge: -1 -5 -1
