/* Multi-dimensional arrays: row-major layout, passing rows, 3-D indexing. */
#include <stdio.h>

#define N 4

static void matmul(int a[N][N], int b[N][N], int out[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            out[i][j] = s;
        }
}

static int trace(int (*m)[N])
{
    int t = 0;
    for (int i = 0; i < N; i++)
        t += m[i][i];
    return t;
}

int main(void)
{
    int a[N][N], b[N][N], c[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = i + j;
            b[i][j] = i == j ? 2 : (i - j);
        }
    matmul(a, b, c);
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++)
            printf("%4d", c[i][j]);
        printf("\n");
    }
    printf("trace %d\n", trace(c));
    int cube[2][3][4];
    int n = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++)
                cube[i][j][k] = n++;
    printf("%d %d %d\n", cube[1][2][3], cube[0][2][1], cube[1][0][0]);
    int *flat = &cube[0][0][0];
    printf("%d\n", flat[17]);
    printf("%d %d %d\n", (int)sizeof cube, (int)sizeof cube[0], (int)sizeof cube[0][0]);
    char grid[3][5] = { "abcd", "efgh", "ijkl" };
    for (int i = 0; i < 3; i++)
        printf("%s %c\n", grid[i], grid[i][i]);
    int tri[4][4] = { { 1 }, { 1, 1 }, { 1, 2, 1 }, { 1, 3, 3, 1 } };
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++)
            printf("%d ", tri[i][j]);
        printf("\n");
    }
    int (*row)[4] = tri + 2;
    printf("%d\n", (*row)[1]);
    printf("%d\n", *(*(tri + 3) + 2));
    return 0;
}
