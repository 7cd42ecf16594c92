/* Aggregates split into scalars (SROA): each piece is located on its own. */
#include <stdio.h>

struct point { int x; int y; };

static struct point step(struct point p, int dx, int dy)
{
    struct point q = { p.x + dx, p.y + dy };
    return q;
}

int main(void)
{
    struct point p = { 1, 2 };
    for (int i = 0; i < 4; i++) {
        p = step(p, i, -i);
        printf("%d %d\n", p.x, p.y);
    }
    int area = p.x * p.y;
    printf("%d\n", area);
    return 0;
}
