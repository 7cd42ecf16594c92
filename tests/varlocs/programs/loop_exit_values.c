/* Loop-exit values: after `for (i = 0; i != n; i++)` and an unsigned
 * `for (sym = 0; sym < codes; sym++)`, the exit is reached from the guard
 * (the loop never ran: i = 0 = n) and from the latch (i = n), so the counter
 * equals the bound on every path although the paths leave it in different
 * places (a constant, a register). opt/exit_values.py describes it as the bound
 * there. A signed `for (k = 0; k < n; k++)` leaves with k = 0 where n <= 0 (n may be
 * negative) and k = n >= 1 from the latch: k = max(n, 0), described as an expression
 * over n. Before: `paths leave its value in different places` (optimized out).
 * Where a branch names a constant for a value it no longer needs (`while (len--)`
 * leaves len at -1; `if (err == 0)`), the block it enters describes the variable as
 * that constant, which no register reuse can take away. Before: `dead` (optimized
 * out) once the register was reused. */
#include <stdio.h>

int g[16];

__attribute__((noinline)) static int until(unsigned n)
{
    int s = 0;
    unsigned i;
    for (i = 0; i != n; i++)
        s += g[i & 15];
    printf("%d\n", s);                             //@ label: after_until
    return s;
}

__attribute__((noinline)) static int count_up(unsigned codes)
{
    unsigned sym;
    int s;
    for (sym = 0; sym < codes; sym++)
        g[sym & 15]++;
    s = g[3];                                      //@ label: after_count
    printf("%d\n", s);
    return s;
}

__attribute__((noinline)) static int signed_up(int n)
{
    int k;
    int s = 0;
    for (k = 0; k < n; k++)
        s += g[k & 15];
    g[1] = s;                                      //@ label: after_signed
    printf("%d\n", s);
    return s;
}

__attribute__((noinline)) static int drain(unsigned len)
{
    int s = 0;
    while (len--)
        s += g[len & 15];
    g[3] = s;                                      //@ label: after_drain
    printf("%d\n", s);
    return s;
}

__attribute__((noinline)) static int check(int (*f)(int), int v)
{
    int err = f(v);
    if (err == 0) {
        printf("ok\n");
        g[4] = 1;                                  //@ label: checked
    }
    return 7;
}

static int half(int v)
{
    return v / 2;
}

int main(void)
{
    for (int k = 0; k < 16; k++)
        g[k] = k;
    int r = until(5) + until(0);
    r += count_up(7) + count_up(0);
    r += signed_up(6) + signed_up(-4) + signed_up(3);
    r += drain(4) + check(half, 1) + check(half, 9);
    return r == 0;
}
//@ watch(i) at after_until: 5 0
//@ watch(sym) at after_count: 7 0
//@ watch(k) at after_signed: 6 0 3
//@ watch(len) at after_drain: 4294967295
//@ watch(err) at checked: 0
