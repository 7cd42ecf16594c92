/* Assignments that mem2reg turns into copies into a join: `out = ...` in
 * each arm of the `if` survives only as the argument of the jump to the
 * join (a `mov $3, ...`). The copy keeps the assignment's line, so `step`
 * stops on it as at -O0 (opt/mem2reg.py EdgeArg, isel lower_edge_copies). */
#include <stdio.h>

static int g_changes;

static int next_state(int cur, char c)
{
    int out = cur;
    if (c == '\0')
        out = 3;
    else if (c >= '0' && c <= '9')
        out = 1;
    else
        out = 2;
    if (out != cur)
        g_changes++;
    return out;
}

int main(void)
{
    const char *s = "1 ";
    int state = 0;
    int pos = 0;
    while (state != 3) {
        state = next_state(state, s[pos]);
        pos++;
    }
    printf("%d %d\n", pos, g_changes);
    return 0;
}
