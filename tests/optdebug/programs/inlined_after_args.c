/* The call line's own code (the argument `table[r % 4]`) runs before the
   inlined body: that is the line's statement, and the store of `seen` after
   clamp's lines makes no second stop on the call line (was main:23 clamp:11
   clamp:13 main:23 main:22). */
#include <stdio.h>

static const short table[4] = {-5, 15, 60, 45};

static int clamp(int v, int hi)
{
    if (v > hi)
        v = hi;
    if (v < 0)
        v = 0;
    return v;
}

int main(int argc, char **argv)
{
    volatile int seen = 0;
    (void)argv;
    for (int r = 0; r < argc + 2; r++)
        seen = seen + clamp(table[r % 4], 50);
    printf("%d\n", seen);
    return 0;
}
