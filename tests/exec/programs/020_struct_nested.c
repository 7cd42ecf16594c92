/* Nested structs and unions, arrays inside structs, chained member access. */
#include <stdio.h>

struct vec { int x, y, z; };
struct body { struct vec pos; struct vec vel; char name[10]; };
struct world { int count; struct body bodies[3]; struct { int w, h; } size; };

static void step(struct world *w)
{
    for (int i = 0; i < w->count; i++) {
        struct body *b = &w->bodies[i];
        b->pos.x += b->vel.x;
        b->pos.y += b->vel.y;
        b->pos.z += b->vel.z;
        if (b->pos.x < 0 || b->pos.x > w->size.w)
            b->vel.x = -b->vel.x;
        if (b->pos.y < 0 || b->pos.y > w->size.h)
            b->vel.y = -b->vel.y;
    }
}

int main(void)
{
    struct world w = {
        3,
        {
            { { 0, 0, 0 }, { 2, 3, 1 }, "alpha" },
            { { 10, 10, 5 }, { -1, 4, 0 }, "beta" },
            { { 5, 5, 5 }, { 3, -2, -1 }, "gamma" },
        },
        { 20, 15 },
    };
    for (int t = 0; t < 12; t++) {
        step(&w);
        printf("t=%d", t);
        for (int i = 0; i < w.count; i++)
            printf(" %s(%d,%d,%d)", w.bodies[i].name, w.bodies[i].pos.x, w.bodies[i].pos.y, w.bodies[i].pos.z);
        printf("\n");
    }
    printf("%c%c\n", w.bodies[2].name[0], w.bodies[1].name[3]);
    printf("%d\n", (int)sizeof(struct world));
    struct outer { struct inner { int a; long b; } in; int c; } o = { { 1, 2 }, 3 };
    struct inner copy = o.in;
    printf("%d %ld %d %d\n", copy.a, copy.b, o.c, (int)sizeof(struct inner));
    return 0;
}
