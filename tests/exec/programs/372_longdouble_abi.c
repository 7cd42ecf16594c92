/* The SysV ABI of long double: arguments in memory (16-byte aligned, mixed with
   integer and SSE arguments in registers), results in %st(0), a struct holding
   only a long double returned in %st(0), larger structs in memory, recursion,
   function pointers, and arrays, unions and structs with long double members. */
#include <stdio.h>
#include <string.h>

struct one { long double v; };
struct mix { char c; long double v; int k; };
union u { long double ld; unsigned short w[8]; };

static long double many(int a, long double x, double d, long double y, int b, float f,
                        long double z, long e, long double w, int c, int g, int h, int i)
{
    return a + x * 2 + d + y * 3 + b + f + z + e + w + c + g + h + i;
}

static struct one wrap(long double v) { struct one o = { v * 2 }; return o; }
static long double unwrap(struct one o) { return o.v + 1; }
static struct mix build(char c, long double v, int k) { struct mix m = { c, v, k }; return m; }
static long double fact(int n) { return n <= 1 ? 1.0L : n * fact(n - 1); }
static long double apply(long double (*fn)(long double), long double v) { return fn(v); }
static long double sq(long double v) { return v * v; }
static long double pick(int which, long double a, long double b) { return which ? a : b; }

long double table[4] = { 1.5L, -2.25L, 0.1L, 1e300L };
struct mix gm = { 'g', 2.75L, 9 };

int main(void)
{
    printf("%La\n", many(1, 0.5L, 2.0, 0.25L, 3, 1.5f, 0.125L, 4, 0.0625L, 5, 6, 7, 8));
    struct one o = wrap(1.25L);
    printf("%La %La\n", o.v, unwrap(o));
    struct mix m = build('x', 3.5L, 42);
    printf("%c %La %d %zu %zu\n", m.c, m.v, m.k, sizeof m, _Alignof(struct mix));
    printf("%La %La\n", fact(25), fact(30));
    printf("%La %La %La\n", apply(sq, 1.1L), pick(1, 2, 3), pick(0, 2, 3));
    long double sum = 0;
    for (int i = 0; i < 4; i++)
        sum += table[i];
    printf("%La %c %La %d\n", sum, gm.c, gm.v, gm.k);
    union u un;
    memset(&un, 0, sizeof un);
    un.ld = -1.0L;
    printf("%04x %04x %04x %04x %04x %zu\n", un.w[0], un.w[3], un.w[4], un.w[5], un.w[7],
           sizeof un);
    struct mix arr[3];
    for (int i = 0; i < 3; i++) {
        arr[i].c = 'a' + i;
        arr[i].v = i / 4.0L;
        arr[i].k = i;
    }
    struct mix copy = arr[2];
    printf("%c %La %d\n", copy.c, copy.v, copy.k);
    long double vals[5];
    for (int i = 0; i < 5; i++)
        vals[i] = fact(i + 20) / fact(i + 18);
    for (int i = 0; i < 5; i++)
        printf("%.0Lf ", vals[i]);
    printf("\n");
    return 0;
}
