/* An inlined helper whose loop never runs (`for (p = 0; p > 47; ...)`): the
   loop test folds, and the only code left of the helper is the jump out of it
   carrying the caller's `&&` result. That result's copy is the caller's code;
   when it kept the folded test's location, gdb and lldb stopped on the `for`
   line inside the helper, after its init had run, showing p = 0 where -O0
   shows 1 (fuzz seed 413). */
#include <stdio.h>

int g_flag = 1;
int g_sum;

static unsigned short never_loops(int tag, unsigned p)
{
    for (p = 0; (p > 47); p = p + 9)
        g_sum += p;
    return tag;
}

int main(void)
{
    int base = g_flag * 3;
    int both = g_flag && never_loops(5, 1);
    int total = base + both + g_sum;
    printf("%d %d %d\n", base, both, total);
    return 0;
}
