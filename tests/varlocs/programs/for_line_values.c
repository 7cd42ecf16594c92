/* Values a `for` line assigns, or that a fully unrolled trip assigns before its
 * first instruction, with no code of their own: at the `for` line's stop (and at
 * every trip's header stop) the variables must still show what they had before
 * that line ran, as at -O0 -- a constant, a value in a register, or nothing. */
#include <stdio.h>

volatile int sink;
volatile int seed_in = 4;
int data[4] = {0, 0, 5, 0};
int limit = 3;

/* fully unrolled; trip 0 breaks: its header stop is the only one on the `for` line
 * at -O0, before `k = 2` and before trip 0's `n += 5` (a constant, no code) */
__attribute__((noinline)) static int unrolled(int seed)
{
    int n = 7;
    int k = seed * 3 + 1;
    sink = k;
    for (k = 2; k >= 0; k -= 1) {                  //@ label: unrolled_head
        n += 5;
        if (data[k])
            break;
    }
    return n + k;
}

/* never runs: the `for` line's only instruction is the jump past the loop */
__attribute__((noinline)) static int skipped(int seed)
{
    int j = -1;
    int s = seed;
    if (data[2]) {
        sink = s;
        for (j = 0; j == 29; j++)                  //@ label: skipped_head
            s += data[j & 3];
    } else {
        s = data[1] * 7;
        sink = s + limit;
    }
    sink = s;
    return s;
}

int main(void)
{
    int total = unrolled(seed_in);
    total += skipped(seed_in - 2);
    printf("%d\n", total);
    return 0;
}
//@ watch(k) at unrolled_head: 13
//@ watch(n) at unrolled_head: 7
//@ watch(j) at skipped_head: -1
