/* Structs with floating members by value, both ways: SSE eightbytes ({double, double},
   {float, float, float}), mixed ({double, int}, {int, float}, {long, double}), memory-class
   structs, floats beyond the eight SSE registers, nested structs and unions. */
#include <stdio.h>

struct dd { double x, y; };
struct fff { float a, b, c; };
struct di { double d; int i; };
struct id { int i; double d; };
struct ifl { int i; float f; };
struct ld { long l; double d; };
struct big { double a, b, c; };
struct nest { struct { float x; float y; } p; double w; };
union ud { double d; long l; };
struct f1 { float f; };

static struct dd dd_make(double x, double y) { struct dd r = {x, y}; return r; }
static struct dd dd_add(struct dd a, struct dd b) { return dd_make(a.x + b.x, a.y + b.y); }
static struct fff fff_scale(struct fff v, float k)
{
    v.a *= k; v.b *= k; v.c *= k;
    return v;
}
static struct di di_step(struct di v) { v.d += 0.5; v.i += 1; return v; }
static struct id id_step(struct id v) { v.d *= 2; v.i -= 1; return v; }
static struct ifl ifl_step(struct ifl v) { v.f += v.i; return v; }
static struct ld ld_step(struct ld v) { v.d -= v.l; v.l *= 3; return v; }
static struct big big_sum(struct big v, double k) { v.a += k; v.b += 2 * k; v.c += 3 * k; return v; }
static struct nest nest_swap(struct nest n) { float t = n.p.x; n.p.x = n.p.y; n.p.y = t; n.w = -n.w; return n; }
static union ud ud_id(union ud u) { return u; }
static struct f1 f1_twice(struct f1 v) { v.f *= 2; return v; }

static double many(double a, double b, double c, double d, double e, double f, double g,
                   double h, double i, double j, struct dd k, int m, float n)
{
    return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i + 10 * j
           + 11 * k.x + 12 * k.y + 13 * m + 14 * n;
}

static double mix(int a, double b, long c, float d, char e, double f, struct di g, struct id h)
{
    return a + b + c + d + e + f + g.d + g.i + h.i + h.d;
}

int main(void)
{
    struct dd s = dd_add(dd_make(1.5, 2.5), dd_make(-0.25, 10.0));
    printf("dd %g %g\n", s.x, s.y);
    struct fff v = {1.0f, -2.0f, 3.5f};
    v = fff_scale(v, 1.5f);
    printf("fff %g %g %g\n", v.a, v.b, v.c);
    struct di a = di_step((struct di){1.25, 7});
    struct id b = id_step((struct id){9, 0.75});
    struct ifl c = ifl_step((struct ifl){4, 0.5f});
    struct ld d = ld_step((struct ld){3, 10.5});
    printf("di %g %d id %d %g ifl %d %g ld %ld %g\n", a.d, a.i, b.i, b.d, c.i, c.f, d.l, d.d);
    struct big g = big_sum((struct big){1, 2, 3}, 0.5);
    printf("big %g %g %g\n", g.a, g.b, g.c);
    struct nest n = nest_swap((struct nest){{1.5f, -2.5f}, 8.0});
    printf("nest %g %g %g\n", n.p.x, n.p.y, n.w);
    union ud u = ud_id((union ud){.d = 2.75});
    printf("ud %g\n", u.d);
    printf("f1 %g\n", f1_twice((struct f1){1.25f}).f);
    printf("many %.17g\n", many(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, dd_make(11, 12), 13, 14.5f));
    printf("mix %.17g\n", mix(1, 2.5, 3, 4.25f, 5, 6.125, a, b));
    struct dd arr[3];
    for (int i = 0; i < 3; i++)
        arr[i] = dd_make(i, i * 0.5);
    struct dd t = {0, 0};
    for (int i = 0; i < 3; i++)
        t = dd_add(t, arr[i]);
    printf("acc %g %g\n", t.x, t.y);
    return 0;
}
