/* Structs and unions passed through "..." and read back with va_arg(ap, struct T); printf called
 * through a function pointer; variadic functions taking pointers to structs. */
#include <stdio.h>
#include <stdarg.h>

struct small { int a, b; };                 /* 8 bytes: one register */
struct pair { long x, y; };                 /* 16 bytes: two registers */
struct large { long v[3]; };                /* 24 bytes: memory */
union num { long l; int i; };

static long sum_small(int n, ...)
{
    va_list ap;
    long t = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        struct small s = va_arg(ap, struct small);
        t += s.a * 10L + s.b;
    }
    va_end(ap);
    return t;
}

static long sum_mixed(const char *kinds, ...)
{
    va_list ap;
    long t = 0;
    va_start(ap, kinds);
    for (; *kinds; kinds++) {
        switch (*kinds) {
        case 'p': { struct pair p = va_arg(ap, struct pair); t += p.x - p.y; break; }
        case 'L': { struct large l = va_arg(ap, struct large); t += l.v[0] + l.v[1] * 2 + l.v[2] * 3; break; }
        case 'u': { union num u = va_arg(ap, union num); t += u.l; break; }
        case 'i': t += va_arg(ap, int); break;
        case 'P': { struct pair *pp = va_arg(ap, struct pair *); t += pp->x * pp->y; break; }
        }
    }
    va_end(ap);
    return t;
}

int main(void)
{
    struct small s1 = { 1, 2 }, s2 = { 3, 4 }, s3 = { -5, 6 };
    printf("%ld\n", sum_small(3, s1, s2, s3));
    printf("%ld\n", sum_small(8, s1, s2, s3, s1, s2, s3, s1, s2));
    struct pair p = { 100, 1 };
    struct large l = { { 1, 10, 100 } };
    union num u;
    u.l = 1L << 33;
    printf("%ld\n", sum_mixed("pLui", p, l, u, 7));
    printf("%ld\n", sum_mixed("iiiiiipLpP", 1, 2, 3, 4, 5, 6, p, l, p, &p));
    int (*pf)(const char *, ...) = printf;
    int n = pf("%s %d %ld\n", "via pointer", 42, 1L << 40);
    pf("%d\n", n);
    return 0;
}
