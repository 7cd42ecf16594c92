/* Reduced from difuzz lldb seeds 10, 27 and 40: two loops fill two local pointer
 * arrays that live in memory (their addresses escape). -O2 unrolls both and the
 * scheduler hoists line 26's address computations (`leaq 28(%rsp)`, non-is_stmt rows
 * of line 26) above line 24's stores. lldb, which stops at rows without is_stmt,
 * stops "on line 26" there and shows l_16 = {0x0, 0x0, 0x0}: the memory location is
 * right for that address, but the address is attributed to a line that runs after
 * line 24 filled the array (fixed: hoisted_lines.py now weighs every stop passed). */
#include <stdio.h>

char g_17;

__attribute__((noinline)) static int look(char **a, int **b)
{
    return (a[1] != 0) + (b[2] != 0);
}

__attribute__((noinline)) static int fill(int p)
{
    char *l_16[3] = {0};
    int local = p;
    int *l_23[3] = {0};
    int i = 0;
    for (i = 0; i < 3; i++)
        l_16[i] = &g_17;
    for (i = 0; i < 3; i++)
        l_23[i] = &local;
    return look(l_16, l_23) + local;
}

int main(void)
{
    printf("%d\n", fill(4));
    return 0;
}
