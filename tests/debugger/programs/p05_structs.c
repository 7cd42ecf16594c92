/* Nested structs, by-value parameters, returned structs, struct assignment. */
#include <stdio.h>

//! break: moved boxed final
//! globals: g_origin
//! step: translate 8
//! next: main 10
//! finish: make_box
//! bt: area_body
//! lldb

struct point {
    int x;
    int y;
};

struct box {
    struct point lo;
    struct point hi;
    char name[8];
};

struct point g_origin = {0, 0};

static struct point translate(struct point p, int dx, int dy)
{
    struct point out = p;
    out.x += dx;
    out.y += dy;
    return out;                                    //@ label: moved
}

static int area(struct box b)
{
    int w = b.hi.x - b.lo.x;                       //@ label: area_body
    int h = b.hi.y - b.lo.y;
    return w * h;
}

static int measure(const struct box *pb)
{
    return area(*pb) + 1;
}

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
    int m = measure(&bx);                          //@ label: boxed
    struct point c = translate(g_origin, -4, 5);
    g_origin = c;
    printf("%d %d %d %d %d %s\n", bx.lo.x, bx.hi.y, m, c.x, c.y, bx.name);  //@ label: final
    return 0;
}
