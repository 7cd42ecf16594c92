/* A `while` loop with a `break` that -O2 unrolls completely into main: the
   exit test on the `while` line folds away in every trip. Each trip gets a stop
   on the `while` line (dwarf/iteration_heads.py): the header is the loop's own
   test, not the `if` of the break (opt/loop_passes.py, _Trips), and a trip
   whose previous trip ends on its break path gets its row at its block's start.
   digit_sum, inlined after it, reuses find_first's atom group numbers: its
   atoms are not find_first's trips (trips are keyed by atom, inlined_at and
   group). */
#include <stdio.h>

static int find_first(const int *v, int n, int wanted)
{
    int idx = 0;
    while (idx < n) {
        if (v[idx] == wanted)
            break;
        idx++;
    }
    return idx;
}

static int digit_sum(unsigned int x)
{
    int s = 0;
    do {
        s += (int)(x % 10);
        x /= 10;
    } while (x != 0);
    return s;
}

int main(void)
{
    int v[7] = {5, 3, 9, 1, 9, 2, 8};
    int b = find_first(v, 7, 9);
    int d = digit_sum(9876);
    printf("%d %d\n", b, d);
    return 0;
}
