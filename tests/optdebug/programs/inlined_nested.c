/* Nested inlined loops: fill_all's loop calls fill, whose row loop -O2 keeps
   and whose column loop it unrolls. */
#include <stdio.h>
static int grid[3][4];
static volatile int rounds = 2;
static void fill(int seed)
{
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            grid[r][c] += (r * 5 + c + seed) % 7;
}
static void fill_all(int times)
{
    for (int t = 0; t < times; t++)
        fill(t);
}
int main(void)
{
    fill_all(rounds);
    printf("%d\n", grid[2][3]);
    return 0;
}
