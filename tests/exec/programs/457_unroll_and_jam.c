/* Loop nests that unroll-jam fuses (opt/unroll_jam.py): an int matrix product
 * (4 columns per pass), a transposed product with a carried 64-bit checksum,
 * a 6-column nest (2 columns per pass), a float dot-product table, an
 * unsigned char nest whose sums wrap; and nests it must leave alone: the inner
 * loop storing into what it reads, the aft storing into what the inner loop
 * reads, a trip count depending on j, an odd trip count, a call, a volatile
 * matrix, a division that may trap, a carried value read in the inner loop. */
#include <stdio.h>

#define N 16

static int a[N][N], b[N][N], c[N][N], bt[N][N];
static float fa[N][N], fb[N][N], fc[N][N];
static unsigned char ua[N][N], ub[N][N], uc[N][N];
static volatile int va[N][N];
static int calls;

__attribute__((noinline)) static int twice(int x)
{
    calls++;
    return 2 * x;
}

static void fill(int seed)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (i * 7 + j * 3 + seed) % 17 - 8;
            b[i][j] = (i * 5 + j * 11 + seed) % 13 - 6;
            fa[i][j] = (float)((i + 2 * j + seed) % 9) * 0.5f;
            fb[i][j] = (float)((3 * i + j) % 7) - 2.0f;
            ua[i][j] = (unsigned char)(i * 31 + j * 17 + seed);
            ub[i][j] = (unsigned char)(i * 13 + j * 29);
            va[i][j] = a[i][j];
        }
}

static unsigned long sum_c(void)
{
    unsigned long h = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) h = h * 1000003u + (unsigned)c[i][j];
    return h;
}

static void matmul(int rep)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
            c[i][j] = s + rep;
        }
}

static long transposed(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) bt[j][i] = b[i][j];
    long check = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * bt[j][k];
            check += (long)(s ^ c[i][j]) * (i + 1);
        }
    return check;
}

static void six_columns(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 6; j++) {
            int s = j;
            for (int k = 0; k < N; k++) s += a[i][k] * b[k][j] - k;
            c[i][j] = s;
        }
}

static void floats(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float s = 0.0f;
            for (int k = 0; k < N; k++) s += fa[i][k] * fb[k][j];
            fc[i][j] = s;
        }
}

static void bytes(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            unsigned char s = (unsigned char)i;
            for (int k = 0; k < N; k++) s = (unsigned char)(s + ua[i][k] * ub[k][j]);
            uc[i][j] = s;
        }
}

/* nests that must not be jammed: each still has to compute what the source says */
static void inner_stores(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++) b[k][j] = b[k][j] + a[i][k] + b[k][(j + 1) % N];
}

static void aft_stores_read(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
            b[i][(j + 1) % N] = s & 63;
        }
}

static void triangular(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < j; k++) s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static void odd_trips(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N - 1; j++) {
            int s = 1;
            for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static void with_call(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
            c[i][j] = twice(s);
        }
}

static void with_volatile(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++) s += va[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static void with_division(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] / (b[k][j] | 1);
            c[i][j] = s;
        }
}

static int carried_inside(void)
{
    int t = 1;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * t;
            t = (t + s) % 1009;
        }
    return t;
}

int main(void)
{
    for (int seed = 0; seed < 3; seed++) {
        fill(seed);
        matmul(seed);
        printf("matmul %d: %lu\n", seed, sum_c());
        printf("transposed %d: %ld\n", seed, transposed());
        six_columns();
        printf("six %d: %lu\n", seed, sum_c());
        floats();
        bytes();
        double fs = 0;
        unsigned us = 0;
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                fs += fc[i][j] * (i + 1);
                us = us * 33 + uc[i][j];
            }
        printf("floats %d: %.3f bytes %u\n", seed, fs, us);
        triangular();
        printf("triangular %d: %lu\n", seed, sum_c());
        odd_trips();
        printf("odd %d: %lu\n", seed, sum_c());
        with_call();
        printf("call %d: %lu calls %d\n", seed, sum_c(), calls);
        with_volatile();
        printf("volatile %d: %lu\n", seed, sum_c());
        with_division();
        printf("division %d: %lu\n", seed, sum_c());
        printf("carried %d: %d\n", seed, carried_inside());
        aft_stores_read();
        inner_stores();
        matmul(seed);
        printf("after stores %d: %lu\n", seed, sum_c());
    }
    return 0;
}
