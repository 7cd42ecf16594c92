/* Struct declaration, member access, layout sizes with padding, offsetof. */
#include <stdio.h>
#include <stddef.h>

struct point { int x; int y; };
struct mixed { char c; int i; short s; long l; char tail; };
struct packed_like { char a, b, c; };

static int manhattan(struct point a, struct point b)
{
    int dx = a.x - b.x, dy = a.y - b.y;
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

int main(void)
{
    struct point p;
    p.x = 3;
    p.y = -4;
    struct point q = { 10, 20 };
    printf("%d %d %d\n", p.x, p.y, manhattan(p, q));
    printf("%d %d %d\n", (int)sizeof(struct point), (int)sizeof(struct mixed), (int)sizeof(struct packed_like));
    printf("%d %d %d %d %d\n", (int)offsetof(struct mixed, c), (int)offsetof(struct mixed, i),
           (int)offsetof(struct mixed, s), (int)offsetof(struct mixed, l), (int)offsetof(struct mixed, tail));
    struct mixed m = { 'z', 100000, -3, 1L << 40, 'e' };
    printf("%c %d %d %ld %c\n", m.c, m.i, m.s, m.l, m.tail);
    m.i += m.s;
    m.l >>= 20;
    printf("%d %ld\n", m.i, m.l);
    struct { int a; char name[8]; } anon = { 5, "anon" };
    printf("%d %s\n", anon.a, anon.name);
    struct point pts[3] = { { 1, 2 }, { 3, 4 }, { 5, 6 } };
    int sx = 0, sy = 0;
    for (int i = 0; i < 3; i++) {
        sx += pts[i].x;
        sy += pts[i].y;
    }
    printf("%d %d\n", sx, sy);
    struct point *pp = &pts[1];
    pp->x = 30;
    (*pp).y = 40;
    printf("%d %d\n", pts[1].x, pts[1].y);
    return 0;
}
