/* Loop-exit values: after `for (i = 0; i != n; i++)` and an unsigned
 * `for (sym = 0; sym < codes; sym++)`, the exit is reached from the guard
 * (the loop never ran: i = 0 = n) and from the latch (i = n), so the counter
 * equals the bound on every path although the paths leave it in different
 * places (a constant, a register). opt/exit_values.py describes it as the bound
 * there. Before: `paths leave its value in different places` (optimized out).
 * A signed `i < n` loop stays optimized out: on the guard path n may be below 0. */
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

int main(void)
{
    for (int k = 0; k < 16; k++)
        g[k] = k;
    int r = until(5) + until(0);
    r += count_up(7) + count_up(0);
    return r == 0;
}
//@ watch(i) at after_until: 5 0
//@ watch(sym) at after_count: 7 0
