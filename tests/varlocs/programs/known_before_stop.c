/* `s = 0` and `k = 0` on their own lines, then a loop unrolled completely in an
 * inlined call: the records of trip 0's `s += ...` and `k++` sit in front of the
 * trip's code, whose sum is computed below the stop of the body's line (and the
 * scheduler put the `k++` above that code). At that first stop -O0 shows s = 0
 * and k = 0 (the line has not run): the constants the earlier statements
 * assigned hold there (line_start_values.py; the caller's row before the call's
 * first row shows neither). Before: not assigned yet (optimized out) at every
 * call's first stop. */
#include <stdio.h>

#define N 3
static int g_a[N][N] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
static int g_b[N][N] = {{9, 8, 7}, {6, 5, 4}, {3, 2, 1}};

static int dot(int row, int col)
{
    int s = 0;
    int k;
    for (k = 0; k < N; k++)
        s += g_a[row][k] * g_b[k][col];            //@ label: body
    return s;
}

static void multiply(int out[N][N])
{
    int i;
    int j;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            out[i][j] = dot(i, j);
}

int main(void)
{
    int c[N][N];
    multiply(c);
    printf("%d %d %d\n", c[0][0], c[1][2], c[2][2]);
    return 0;
}
//@ watch(s) at body: 0
//@ watch(k) at body: 0
