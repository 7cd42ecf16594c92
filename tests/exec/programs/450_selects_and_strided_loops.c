/* Shapes select formation, loads carried into an if's arms, strength reduction
   of rotated loops and the allocator's spill weights rewrite: min/max updates
   of every integer width and of pointers, diamonds that compute in both arms,
   an arm that re-reads memory another arm wrote, descending and strided
   counters (negative indices, steps other than 1), 2-D rows, and a loop nest
   that keeps more values live than there are registers. */
#include <stdio.h>
#include <stdint.h>

#define N 97

static signed char c8[N];
static unsigned short u16[N];
static int i32[N];
static long long i64[N];
static unsigned long long u64[N];
static int grid[13][17];
static int row_a[N + 1], row_b[1];

static int min_i32(const int *a, int n)
{
    int best = a[0];
    for (int i = 1; i < n; i++)
        if (a[i] < best)
            best = a[i];
    return best;
}

static long long max_i64(const long long *a, int n)
{
    long long best = a[0];
    for (int i = n - 1; i > 0; i--)  /* descending counter */
        if (a[i] > best)
            best = a[i];
    return best;
}

static int min_i8(const signed char *a, int n)
{
    signed char best = 127;
    for (int i = 0; i < n; i += 3)  /* step 3 */
        best = a[i] < best ? a[i] : best;
    return best;
}

static unsigned max_u16(const unsigned short *a, int n)
{
    unsigned short best = 0;
    for (int i = 0; i < n; i++)
        if (a[i] >= best)
            best = a[i];
    return best;
}

static unsigned long long umin64(const unsigned long long *a, int n)
{
    unsigned long long best = ~0ull;
    for (int i = 0; i < n; i++)
        if (a[i] < best)  /* unsigned compare: the high values must lose */
            best = a[i];
    return best;
}

static const int *argmin(const int *a, int n)
{
    const int *p = a;
    for (int i = 0; i < n; i++)
        if (a[i] < *p)
            p = &a[i];
    return p;
}

static int absdiff_sum(const int *a, const int *b, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        int d;
        if (a[i] > b[i])
            d = a[i] - b[i];
        else
            d = b[i] - a[i];
        s += d;
    }
    return s;
}

static int reread(int *p, int x)
{
    int v = *p + 1;
    int r;
    if (v < x) {
        r = *p + 1;  /* the same load as before the if */
    } else {
        *p = x;      /* the other arm writes it */
        r = x;
    }
    return r + *p;   /* after the join: read again */
}

static long long negative_index(const int *mid, int lo)
{
    long long s = 0;
    for (int i = lo; i < 0; i++)
        s += mid[i] * (i - 1);
    return s;
}

/* weighted edit distance (insert 2, delete 1, substitute 3), one row in place */
static int weighted_distance(const signed char *a, int n, const signed char *b, int m)
{
    int *row = row_a;
    for (int j = 0; j <= m; j++)
        row[j] = 2 * j;
    for (int i = 1; i <= n; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= m; j++) {
            int up = row[j];
            int cost = diag + (a[i - 1] == b[j - 1] ? 0 : 3);
            cost = up + 1 < cost ? up + 1 : cost;
            if (row[j - 1] + 2 <= cost)
                cost = row[j - 1] + 2;
            row[j] = cost;
            diag = up;
        }
    }
    return row[m] + row_b[0];
}

static long long pressure(int k)
{
    /* many values live across the inner loop, which reads only some */
    long long a = k, b = k * 3, c = k * 5, d = k * 7, e = k * 11, f = k * 13, g = k * 17;
    long long h = k * 19, x = k * 23, y = k * 29, z = k * 31, w = k * 37, acc = 0;
    for (int r = 0; r < 13; r++) {
        for (int col = 0; col < 17; col++)
            acc += grid[r][col] * (col + 1) + (acc >> 7);
        a += b; b ^= c; c += d; d -= e; e += f; f ^= g; g += h; h -= x; x += y; y ^= z;
        z += w; w += a;
    }
    return acc + a + b + c + d + e + f + g + h + x + y + z + w;
}

int main(void)
{
    uint32_t s = 12345;
    for (int i = 0; i < N; i++) {
        s = s * 1103515245u + 12345u;
        c8[i] = (signed char)(s >> 13);
        u16[i] = (unsigned short)(s >> 7);
        i32[i] = (int)(s >> 8) - (1 << 23);
        i64[i] = (long long)s * (i % 2 ? -977 : 1013);
        u64[i] = ((unsigned long long)s << 33) | (s >> 5);
    }
    for (int r = 0; r < 13; r++)
        for (int c = 0; c < 17; c++)
            grid[r][c] = (r * 7 - c * 5) % 9;
    int x = 40;
    printf("min_i32 %d max_i64 %lld min_i8 %d max_u16 %u\n", min_i32(i32, N), max_i64(i64, N),
           min_i8(c8, N), max_u16(u16, N));
    printf("umin64 %llu argmin %d absdiff %d\n", umin64(u64, N), (int)(argmin(i32, N) - i32),
           absdiff_sum(i32, i32 + 1, N - 1));
    int r1 = reread(&x, 50);
    int r2 = reread(&x, 10);
    printf("reread %d %d x=%d\n", r1, r2, x);
    printf("negative %lld\n", negative_index(i32 + 50, -40));
    printf("edit %d %d\n", weighted_distance(c8, N, c8 + 3, N - 3),
           weighted_distance(c8, 40, (const signed char *)u16, 40));
    printf("pressure %lld %lld\n", pressure(3), pressure(-7));
    return 0;
}
