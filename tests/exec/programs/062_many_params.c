/* Functions with more than six parameters of mixed widths: the extra ones go on the stack. */
#include <stdio.h>

static long seven(long a, long b, long c, long d, long e, long f, long g)
{
    return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g;
}

static int ten(char a, short b, int c, long d, unsigned char e, unsigned short f, unsigned g,
               unsigned long h, signed char i, long long j)
{
    printf("%d %d %d %ld %u %u %u %lu %d %lld\n", a, b, c, d, e, f, g, h, i, j);
    return (int)(a + b + c + d + e + f + g + h + i + j);
}

static void pointers(int *a, int *b, int *c, int *d, int *e, int *f, int *g, int *h)
{
    *a += 1; *b += 2; *c += 3; *d += 4; *e += 5; *f += 6; *g += 7; *h += 8;
}

static long recurse(int depth, long a, long b, long c, long d, long e, long f, long g, long h)
{
    if (depth == 0)
        return a + b + c + d + e + f + g + h;
    return recurse(depth - 1, h, a, b, c, d, e, f, g + depth);
}

static const char *pick(int idx, const char *s0, const char *s1, const char *s2, const char *s3,
                        const char *s4, const char *s5, const char *s6, const char *s7)
{
    const char *all[] = { s0, s1, s2, s3, s4, s5, s6, s7 };
    return all[idx];
}

int main(void)
{
    printf("%ld\n", seven(1, 2, 3, 4, 5, 6, 7));
    printf("%ld\n", seven(-1, -2, -3, -4, -5, -6, 1L << 40));
    int r = ten('x', -2, 3, 4000000000L, 250, 65000, 4000000000u, 5UL, -9, -10000000000LL);
    printf("%d\n", r);
    int v[8] = { 0 };
    pointers(&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
    pointers(&v[7], &v[6], &v[5], &v[4], &v[3], &v[2], &v[1], &v[0]);
    for (int i = 0; i < 8; i++)
        printf("%d ", v[i]);
    printf("\n");
    printf("%ld\n", recurse(20, 1, 2, 3, 4, 5, 6, 7, 8));
    for (int i = 0; i < 8; i++)
        printf("%s ", pick(i, "zero", "one", "two", "three", "four", "five", "six", "seven"));
    printf("\n");
    return 0;
}
