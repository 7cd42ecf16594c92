/* A counted loop of 40 trips whose body has two lines of its own. Chained into
 * four copies with only the last copy's counter step and exit test
 * (opt/counted_unroll.py), the `for` line would be left out between copies;
 * the loop stays rolled (only a loop all on one line is unrolled that way), and
 * `step` stops on both lines with `k` at each value. (scaled_counter.c's one-line
 * bodies, unrolled, were seen at k = -20, -16, ... only.) */
#include <stdio.h>

int a[40], b[40];

__attribute__((noinline)) static int two_lines(void)
{
    int s = 0;
    for (int k = 0; k < 40; k++) {
        int v = a[k] * 3;                      //@ label: first_line
        s += v ^ b[k];                         //@ label: second_line
    }
    return s;
}

int main(void)
{
    for (int i = 0; i < 40; i++) { a[i] = i * 5 - 7; b[i] = i * i; }
    printf("%d\n", two_lines());
    return 0;
}
//@ watch(k) at first_line: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39
//@ watch(k) at second_line: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39
