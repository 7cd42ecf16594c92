/* A loop the optimiser unrolls completely, calling an inlined helper per copy.
 * The scheduler hoists every copy's load to the top; the debug records of each
 * copy (`k = 1`, `k = 2`, ...) must stay with their copy's code, because gdb
 * stops at the top of each inlined `imax` and lldb at every row. Before, they
 * all landed at the top: `k` showed its last value (5) over the whole unrolled
 * loop, `b` 11 at the first call, and `best` and `a` were optimized out there. */
#include <stdio.h>

static inline int imax(int a, int b)
{
    return a > b ? a : b;                          //@ label: in_imax
}

int main(void)
{
    long arr[6];
    for (int k = 0; k < 6; k++)
        arr[k] = k * 3 - 4;
    long best = arr[0];
    for (int k = 1; k < 6; k++)
        best = imax((int)best, (int)arr[k]);       //@ label: unrolled
    printf("%ld\n", best);
    return 0;
}
//@ watch(k) at unrolled: 1 2 3
//@ watch(best) at unrolled: -4 -1 2
//@ watch(a) at in_imax: -4 -1 2
//@ watch(b) at in_imax: -1 2 5
