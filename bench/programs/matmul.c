/* Integer matrix multiplication, naive and transposed. */
#include <stdio.h>

#define N 160

static int a[N][N], b[N][N], c[N][N], bt[N][N];

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (i * 7 + j * 3) % 17 - 8;
            b[i][j] = (i * 5 + j * 11) % 13 - 6;
        }
    for (int rep = 0; rep < 30; rep++) {
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                int s = 0;
                for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
                c[i][j] = s + rep;
            }
    }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) bt[j][i] = b[i][j];
    long check = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * bt[j][k];
            check += (long)(s ^ c[i][j]) * (i + 1);
        }
    printf("c[17][33] = %d, check = %ld\n", c[17][33], check);
    return 0;
}
