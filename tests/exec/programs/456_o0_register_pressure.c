/* The -O0 allocator keeps a block's values in registers: more live values
   than registers (evictions), values live across calls, fixed registers
   (division, shifts, argument registers, %al of a variadic call) among
   live values, indirect calls with six register arguments (and %al), narrow values
   read wider, and float values past the vector registers. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int six(int a, int b, int c, int d, int e, int f) {
    return a * 1 + b * 3 + c * 5 + d * 7 + e * 11 + f * 13;
}

static int sum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int) * (i + 1);
    va_end(ap);
    return s;
}

static double dsum(double a, double b, double c, double d, double e, double f,
                   double g, double h, double i) {
    return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i;
}

struct big { long x[9]; };

static struct big bump(struct big b, int k) {
    for (int i = 0; i < 9; i++)
        b.x[i] += k * i;
    return b;
}

int main(void) {
    int a = 3, b = -7, c = 11, d = 5, e = 2, f = 13, g = -17, h = 19, i = 23;
    /* every operand of the outer expression is live at once */
    int deep = ((a + b) * (c - d) + (e * f - g) * (h + i)) ^
               (((a * c) - (b * d)) / (e + 1) + ((f % 7) << (a & 3)) - ((g >> 1) * (h % 5)));
    printf("deep %d\n", deep);
    int (*fp)(int, int, int, int, int, int) = six;
    int viaptr = fp(a + b, b * c, c - d, d << e, e ^ f, f / (g | 1)) + fp(i, h, g, f, e, d);
    printf("viaptr %d\n", viaptr);
    int q = h / e + f % d * (sum(4, a, b, c, d) - g / 3) + (i << (c & 7)) / (d - e);
    printf("q %d\n", q);
    /* six argument registers and %al taken: the pointer needs a scratch register */
    int (*vp)(int, ...) = sum;
    printf("vp %d\n", vp(5, a * b, b - c, c + d, d * e, e - f) + vp(5, 1, 2, 3, 4, 5));
    unsigned char uc = (unsigned char)(a * 100 + h);
    unsigned short us = (unsigned short)(g * 3000);
    long wide = (long)uc * 1000003L + (long)us * -7L + (uc > 200) + (us < 5);
    printf("wide %ld\n", wide);
    double x = dsum(a * 0.5, b * 0.25, c * 1.5, d / 3.0, e + 0.125, f - 0.75, g * 2.0,
                    h / 7.0, i + 1.0);
    double y = (x * x - a) / (b + 0.5) + (c * x) * (d - x) - (e / (f + x)) * (g + h * x);
    printf("x %.6f y %.6f\n", x, y);
    struct big s;
    memset(&s, 0, sizeof s);
    for (int k = 0; k < 9; k++)
        s.x[k] = k * k - a;
    struct big t = bump(bump(s, b), c);
    long tsum = 0;
    for (int k = 0; k < 9; k++)
        tsum += t.x[k] * (k + 1);
    printf("tsum %ld\n", tsum);
    long long m = (long long)a * b * c * d * e * f * g * h * i;
    unsigned long long um = (unsigned long long)m % 1000000007ULL + (unsigned)(g) / 3u;
    printf("m %lld um %llu\n", m, um);
    int cond = (a < b ? c : d) + (e && f ? g : h) * (i ? a : b) - (!a || b > c);
    printf("cond %d\n", cond);
    return deep == 0;
}
