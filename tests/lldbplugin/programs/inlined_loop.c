/* Issue 14's reproducer: an inlined helper whose nested loops -O2 keeps. */
#include <stdio.h>
static int grid[4][5];
static void fill(int seed)
{
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 5; c++)
            grid[r][c] = (r * 7 + c * 3 + seed) % 11;
}
int main(void)
{
    fill(2);
    fill(5);
    printf("%d\n", grid[3][4]);
    return 0;
}
