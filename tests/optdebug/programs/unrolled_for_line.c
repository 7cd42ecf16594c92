/* A loop -O2 unrolls completely: the `for` line has no code left, and each
   trip gets a stop on it where an instruction between the previous trip's
   store and its own can carry the row (dwarf/iteration_heads.py). */
#include <stdio.h>

static volatile int seed = 3;
int out[4];

__attribute__((noinline)) static void fill(int k)
{
    for (int i = 0; i < 4; i++)
        out[i] = i * k + seed;
}

int main(void)
{
    fill(5);
    printf("%d\n", out[3]);
    return 0;
}
