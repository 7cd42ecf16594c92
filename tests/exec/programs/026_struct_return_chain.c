/* Struct returns used directly: member of a call result, chained calls, struct in ternary. */
#include <stdio.h>

struct pt { int x, y; };
struct box { struct pt lo, hi; };
struct frac { long num, den; };

static struct pt mkpt(int x, int y) { struct pt p = { x, y }; return p; }
static struct pt addpt(struct pt a, struct pt b) { return mkpt(a.x + b.x, a.y + b.y); }
static struct box mkbox(struct pt a, struct pt b)
{
    struct box r;
    r.lo = mkpt(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y);
    r.hi = mkpt(a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y);
    return r;
}

static long gcd(long a, long b)
{
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static struct frac norm(struct frac f)
{
    long g = gcd(f.num, f.den);
    if (g) {
        f.num /= g;
        f.den /= g;
    }
    if (f.den < 0) {
        f.num = -f.num;
        f.den = -f.den;
    }
    return f;
}

static struct frac fadd(struct frac a, struct frac b)
{
    struct frac r = { a.num * b.den + b.num * a.den, a.den * b.den };
    return norm(r);
}

int main(void)
{
    struct pt p = addpt(addpt(mkpt(1, 2), mkpt(3, 4)), mkpt(-10, 5));
    printf("%d %d\n", p.x, p.y);
    printf("%d\n", mkpt(7, 8).y);
    struct box b = mkbox(mkpt(5, -1), mkpt(-3, 9));
    printf("%d %d %d %d\n", b.lo.x, b.lo.y, b.hi.x, b.hi.y);
    printf("%d\n", mkbox(p, mkpt(0, 0)).hi.y);
    struct frac sum = { 0, 1 };
    for (long k = 1; k <= 10; k++) {
        struct frac term = { 1, k * (k + 1) };
        sum = fadd(sum, term);
        printf("%ld/%ld\n", sum.num, sum.den);
    }
    int flag = 1;
    struct pt q = flag ? mkpt(1, 1) : mkpt(2, 2);
    printf("%d\n", q.x);
    struct frac h = norm((struct frac){ 12, -18 });
    printf("%ld/%ld\n", h.num, h.den);
    return 0;
}
