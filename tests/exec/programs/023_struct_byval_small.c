/* By-value structs of 1, 2, 3, 4, 5, 6 and 7 bytes: passed and returned in one register. */
#include <stdio.h>

struct s1 { char a; };
struct s2 { char a, b; };
struct s3 { char a, b, c; };
struct s4 { short a; char b, c; };
struct s5 { char a[5]; };
struct s6 { short a, b, c; };
struct s7 { char a; char b[4]; short c; };
struct s4i { int v; };

static struct s1 f1(struct s1 x) { x.a++; return x; }
static struct s2 f2(struct s2 x) { struct s2 r = { x.b, x.a }; return r; }
static struct s3 f3(struct s3 x) { struct s3 r = { (char)(x.a + 1), (char)(x.b + 1), (char)(x.c + 1) }; return r; }
static struct s4 f4(struct s4 x) { x.a = (short)(x.a * 3); x.c = x.b; return x; }
static struct s5 f5(struct s5 x)
{
    struct s5 r;
    for (int i = 0; i < 5; i++)
        r.a[i] = x.a[4 - i];
    return r;
}
static struct s6 f6(struct s6 x) { struct s6 r = { x.c, x.b, x.a }; return r; }
static struct s7 f7(struct s7 x) { x.c = (short)(x.c + x.a); return x; }
static struct s4i f4i(struct s4i x, struct s4i y) { struct s4i r = { x.v - y.v }; return r; }

static int sum_all(struct s1 a, struct s2 b, struct s3 c, struct s4 d, struct s5 e, struct s6 f, struct s7 g)
{
    return a.a + b.a + b.b + c.a + c.b + c.c + d.a + d.b + d.c + e.a[0] + e.a[4] + f.a + f.c + g.a + g.c;
}

int main(void)
{
    struct s1 a = { 'a' };
    struct s2 b = { 'x', 'y' };
    struct s3 c = { 1, 2, 3 };
    struct s4 d = { 1000, 7, 9 };
    struct s5 e = { { 'h', 'e', 'l', 'l', 'o' } };
    struct s6 f = { -1, -2, -3 };
    struct s7 g = { 3, { 'a', 'b', 'c', 'd' }, 500 };
    struct s1 ra = f1(a);
    struct s2 rb = f2(b);
    struct s3 rc = f3(c);
    struct s4 rd = f4(d);
    struct s5 re = f5(e);
    struct s6 rf = f6(f);
    struct s7 rg = f7(g);
    printf("%c\n", ra.a);
    printf("%c%c\n", rb.a, rb.b);
    printf("%d %d %d\n", rc.a, rc.b, rc.c);
    printf("%d %d %d\n", rd.a, rd.b, rd.c);
    printf("%c%c%c%c%c\n", re.a[0], re.a[1], re.a[2], re.a[3], re.a[4]);
    printf("%d %d %d\n", rf.a, rf.b, rf.c);
    printf("%d %c%c %d\n", rg.a, rg.b[0], rg.b[3], rg.c);
    printf("%d\n", sum_all(a, b, c, d, e, f, g));
    printf("%d\n", sum_all(ra, rb, rc, rd, re, rf, rg));
    struct s4i p = { 50 }, q = { 8 };
    printf("%d\n", f4i(p, q).v);
    printf("%d %d %d %d %d %d %d\n", (int)sizeof a, (int)sizeof b, (int)sizeof c, (int)sizeof d,
           (int)sizeof e, (int)sizeof f, (int)sizeof g);
    return 0;
}
