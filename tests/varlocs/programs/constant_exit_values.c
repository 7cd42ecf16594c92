/* Exit values of counters between constants: `for (i = 0; i < 40; i++)` has no
 * guard (0 < 40), so the exit block's one way in is the latch, on `i + 1 < 40`
 * false; every value i enters the loop with is below 40, so it leaves at 40, a
 * constant (opt/exit_values.py). Likewise down to `k >= 0` (leaves -1) and up by 4
 * from 1 while below 150 (leaves 153); a `long` counter by 2 (the loop unrolled
 * twice) below 31 leaves 32, folded by the compiler (a closed form over a
 * register would need more than the 64-bit DWARF stack). Before: `dead after line N` (optimized out)
 * once the counter's register was reused after the loop. */
#include <stdio.h>

int g[160];

__attribute__((noinline)) static int up(void)
{
    int i, s = 0;
    for (i = 0; i < 40; i++)
        s += g[i] * 3;
    s = s + g[s & 63];
    printf("%d\n", s);                             //@ label: after_up
    return s;
}

__attribute__((noinline)) static int down(void)
{
    int k, s = 0;
    for (k = 39; k >= 0; k--)
        s += g[k] ^ k;
    s = s + g[s & 63];
    printf("%d\n", s);                             //@ label: after_down
    return s;
}

__attribute__((noinline)) static int by4(void)
{
    int j, s = 0;
    for (j = 1; j < 150; j += 4)
        s += g[j];
    s = s + g[s & 63];
    printf("%d\n", s);                             //@ label: after_by4
    return s;
}

__attribute__((noinline)) static long wide(void)
{
    long w;
    long s = 0;
    for (w = 0; w < 31; w += 2)
        s += g[w] * 5;
    s = s + g[s & 63];
    printf("%ld\n", s);                            //@ label: after_wide
    return s;
}

int main(void)
{
    for (int n = 0; n < 160; n++)
        g[n] = n;
    int r = up() + down() + by4() + (int)wide();
    return r == 0;
}
//@ watch(i) at after_up: 40
//@ watch(k) at after_down: -1
//@ watch(j) at after_by4: 153
//@ watch(w) at after_wide: 32
