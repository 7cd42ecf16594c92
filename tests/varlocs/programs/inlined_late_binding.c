/* is_even inlined into is_odd: GVN turns the two calls' `g_calls++` into one
 * `g_calls += 2`, which instcombine puts before the binding of the inlined `n`,
 * so the body's first row (the `g_calls++` line) comes before the record. The
 * argument `n - 1` is in its register by then: the binding takes effect from
 * the instance's first instruction (inlined_bindings.py). Before: `n` not
 * assigned yet (optimized out) at that line in every inlined call. */
#include <stdio.h>

int g_calls;

static int is_odd(unsigned int n);

static int is_even(unsigned int n)
{
    g_calls++;                                     //@ label: even_entry
    if (n == 0)
        return 1;
    return is_odd(n - 1);
}

static int is_odd(unsigned int n)
{
    g_calls++;
    if (n == 0)
        return 0;
    return is_even(n - 1);
}

int main(void)
{
    int e = is_even(8);
    printf("%d %d\n", e, g_calls);
    return 0;
}
//@ watch(n) at even_entry: 8 6 4 2 0
