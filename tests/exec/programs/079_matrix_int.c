/* Integer matrices: determinant by cofactor expansion, transpose, power by squaring (fibonacci). */
#include <stdio.h>

#define MAXN 5

static long det(long m[MAXN][MAXN], int n)
{
    if (n == 1)
        return m[0][0];
    long total = 0, sign = 1;
    for (int col = 0; col < n; col++) {
        long sub[MAXN][MAXN];
        for (int i = 1; i < n; i++) {
            int k = 0;
            for (int j = 0; j < n; j++)
                if (j != col)
                    sub[i - 1][k++] = m[i][j];
        }
        total += sign * m[0][col] * det(sub, n - 1);
        sign = -sign;
    }
    return total;
}

struct m2 { unsigned long long a, b, c, d; };

static struct m2 mul(struct m2 x, struct m2 y)
{
    struct m2 r = { x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d };
    return r;
}

static unsigned long long fib(unsigned n)
{
    struct m2 result = { 1, 0, 0, 1 }, base = { 1, 1, 1, 0 };
    while (n) {
        if (n & 1)
            result = mul(result, base);
        base = mul(base, base);
        n >>= 1;
    }
    return result.b;
}

int main(void)
{
    long a[MAXN][MAXN] = { { 2, -1, 0, 3, 1 }, { 1, 4, -2, 0, 5 }, { 0, 3, 1, -1, 2 }, { 4, 0, 2, 1, -3 }, { 1, 1, 1, 1, 1 } };
    for (int n = 1; n <= MAXN; n++)
        printf("det%d = %ld\n", n, det(a, n));
    long t[MAXN][MAXN];
    for (int i = 0; i < MAXN; i++)
        for (int j = 0; j < MAXN; j++)
            t[j][i] = a[i][j];
    printf("det(T) = %ld\n", det(t, MAXN));
    for (int i = 0; i < MAXN; i++) {
        for (int j = 0; j < MAXN; j++)
            printf("%3ld", t[i][j]);
        printf("\n");
    }
    for (unsigned n = 0; n <= 90; n += 10)
        printf("fib(%u) = %llu\n", n, fib(n));
    return 0;
}
