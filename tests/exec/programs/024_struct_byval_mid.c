/* By-value structs of 8, 12 and 16 bytes: one or two INTEGER eightbytes. */
#include <stdio.h>

struct s8 { int a, b; };
struct s8c { char c; int i; };
struct s12 { int a, b, c; };
struct s12m { long l; int i; };
struct s16 { long a, b; };
struct s16p { char *name; long n; };
struct s16m { int a; short b; char c; long d; };

static struct s8 add8(struct s8 x, struct s8 y) { struct s8 r = { x.a + y.a, x.b + y.b }; return r; }
static struct s8c mk8c(char c, int i) { struct s8c r; r.c = c; r.i = i; return r; }
static struct s12 rot12(struct s12 x) { struct s12 r = { x.b, x.c, x.a }; return r; }
static struct s12m mk12m(long l, int i) { struct s12m r = { l * 2, i * 2 }; return r; }
static struct s16 swap16(struct s16 x) { struct s16 r = { x.b, x.a }; return r; }
static struct s16p name16(struct s16p x) { x.n += 100; return x; }
static struct s16m mix16(struct s16m x) { x.a++; x.b--; x.c = (char)(x.c + 2); x.d *= -1; return x; }

static long total(int n, struct s8 a, struct s12 b, struct s16 c, struct s12m d)
{
    return n + a.a + a.b + b.a + b.b + b.c + c.a + c.b + d.l + d.i;
}

int main(void)
{
    struct s8 a = { 1, 2 }, b = { 30, 40 };
    struct s8 r8 = add8(a, b);
    printf("s8 %d %d\n", r8.a, r8.b);
    struct s8c c8 = mk8c('k', -77);
    printf("s8c %c %d\n", c8.c, c8.i);
    struct s12 x12 = { 7, 8, 9 };
    for (int i = 0; i < 4; i++) {
        x12 = rot12(x12);
        printf("s12 %d %d %d\n", x12.a, x12.b, x12.c);
    }
    struct s12m m12 = mk12m(1L << 35, -21);
    printf("s12m %ld %d\n", m12.l, m12.i);
    struct s16 s = { -5, 123456789012345L };
    struct s16 t = swap16(s);
    printf("s16 %ld %ld\n", t.a, t.b);
    struct s16p p = { "label", 5 };
    p = name16(name16(p));
    printf("s16p %s %ld\n", p.name, p.n);
    struct s16m mm = { 10, 20, 'a', 1000 };
    struct s16m r = mix16(mm);
    printf("s16m %d %d %c %ld\n", r.a, r.b, r.c, r.d);
    printf("%ld\n", total(1, a, x12, s, m12));
    printf("%d %d %d %d %d %d %d\n", (int)sizeof(struct s8), (int)sizeof(struct s8c), (int)sizeof(struct s12),
           (int)sizeof(struct s12m), (int)sizeof(struct s16), (int)sizeof(struct s16p), (int)sizeof(struct s16m));
    return 0;
}
