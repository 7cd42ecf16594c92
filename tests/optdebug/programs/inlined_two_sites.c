/* One inlined loop nest at two call sites in two functions. */
#include <stdio.h>
static int buf[3][4];
static volatile int rows = 3;
static void scale(int k)
{
    int n = rows;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < 4; c++)
            buf[r][c] = (r * 3 + c) * k % 10;
}
static void once(void)
{
    scale(3);
}
int main(void)
{
    once();
    scale(7);
    printf("%d\n", buf[2][3]);
    return 0;
}
