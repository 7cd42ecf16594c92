/* `s = 0` on its own line, then a loop unrolled completely whose first trip
 * adds to `s`: the records of `s = 0` and of trip 0's `s += ...` sit together in
 * front of the code, and the sum is computed below the stop of the body's line.
 * At that first stop -O0 shows s = 0 (the line has not run); the constant an
 * earlier statement of the run assigned holds there (line_start_values.py).
 * Before: not assigned yet (optimized out) at every call's first stop. */
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
