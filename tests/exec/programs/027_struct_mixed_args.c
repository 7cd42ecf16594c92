/* Struct and scalar arguments mixed, with enough arguments that some structs go on the stack. */
#include <stdio.h>

struct two { long a, b; };
struct one { int v; };
struct big { long w[4]; };
struct ci { char c; int i; };

static long f(int a, struct two b, int c, struct two d, int e, struct two f, int g, struct one h)
{
    return a + b.a * 10 + b.b * 100 + c + d.a * 1000 + d.b + e + f.a * 7 + f.b * 3 + g + h.v;
}

static long g(long a, long b, long c, long d, long e, struct two s, long x)
{
    /* only one integer register is left for s, so s is passed on the stack */
    return a + b + c + d + e + s.a * 1000 + s.b * 100000 + x;
}

static long h(struct big b, int a, struct one o, struct big c, char ch)
{
    return b.w[0] + b.w[3] + a + o.v + c.w[1] + c.w[2] + ch;
}

static struct two k(int a, int b, int c, int d, int e, int f, int g, struct ci s, int i)
{
    struct two r = { (long)a + b + c + d + e + f + g, (long)s.c * s.i + i };
    return r;
}

int main(void)
{
    struct two t1 = { 1, 2 }, t2 = { 3, 4 }, t3 = { 5, 6 };
    struct one o = { 99 };
    printf("%ld\n", f(1, t1, 2, t2, 3, t3, 4, o));
    printf("%ld\n", g(1, 2, 3, 4, 5, t3, 6));
    struct big b1 = { { 10, 20, 30, 40 } }, b2 = { { 1, 2, 3, 4 } };
    printf("%ld\n", h(b1, 5, o, b2, 'A'));
    struct ci s = { 3, 1000 };
    struct two r = k(1, 2, 3, 4, 5, 6, 7, s, 8);
    printf("%ld %ld\n", r.a, r.b);
    for (int i = 0; i < 3; i++) {
        struct two v = { i, -i };
        printf("%ld\n", g(i, i, i, i, i, v, i));
    }
    return 0;
}
