/* An initialiser a pass deletes (every member is assigned again before any
   use) leaves a record without value, dead after its line, in front of that
   line's first stop. At that stop the line has not run: the struct is not
   assigned yet there, the reason before the record (line_start_values.py);
   before, it said dead after line 27 at line 27's own stop. */
#include <stdio.h>

struct point { int x; int y; };
struct box { struct point lo; struct point hi; char name[8]; };

struct point g_origin = {0, 0};

static struct point translate(struct point p, int dx, int dy)
{
    struct point out = p;
    out.x += dx;
    out.y += dy;
    return out;
}

static int area(struct box b) { return (b.hi.x - b.lo.x) * (b.hi.y - b.lo.y); }

static int measure(const struct box *pb) { return area(*pb) + 1; }

static struct box make_box(struct point a, struct point b)
{
    struct box r = {{0, 0}, {0, 0}, "box"};
    r.lo = a;
    r.hi = translate(b, 1, 1);
    return r;
}

int main(void)
{
    struct point a = {2, 3};
    struct point b = {10, 20};
    struct box bx = make_box(a, b);
    int m = measure(&bx);
    struct point c = translate(g_origin, -4, 5);
    g_origin = c;
    printf("%d %d %d %d %d %s\n", bx.lo.x, bx.hi.y, m, c.x, c.y, bx.name);
    return 0;
}
//@why 27 r: <optimized out: not assigned yet (line 27 assigns it)>
