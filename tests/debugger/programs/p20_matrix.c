/* Matrix multiply with three nested loops over global and local 2-D arrays. */
#include <stdio.h>

//! break: dot_done multiplied traced
//! globals: g_a g_b
//! step: dot 12
//! next: multiply 12
//! finish: trace
//! bt: dot_body

#define N 3

int g_a[N][N] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
int g_b[N][N] = {{9, 8, 7}, {6, 5, 4}, {3, 2, 1}};

static int dot(int row, int col)
{
    int s = 0;
    int k;
    for (k = 0; k < N; k++)
        s += g_a[row][k] * g_b[k][col];             //@ label: dot_body
    return s;                                      //@ label: dot_done
}

static void multiply(int out[N][N])
{
    int i;
    int j;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            out[i][j] = dot(i, j);
}

static int trace(int m[N][N])
{
    int t = 0;
    int i;
    for (i = 0; i < N; i++)
        t += m[i][i];
    return t;
}

int main(void)
{
    int c[N][N];
    int i;
    for (i = 0; i < N * N; i++)
        c[i / N][i % N] = -1;
    multiply(c);
    int t = trace(c);                              //@ label: multiplied
    printf("%d %d %d %d\n", c[0][0], c[1][2], c[2][2], t);   //@ label: traced
    return 0;
}
