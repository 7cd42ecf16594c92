/* Geometry of the shapes; exposes measurement functions by name. */
#include <string.h>
#include "shapes.h"

const char *const kind_names[] = { "rect", "square", "triangle" };

struct shape make_shape(enum shape_kind kind, const char *name, long w, long h)
{
    struct shape s = { kind, name, w, kind == SHAPE_SQUARE ? w : h };
    return s;
}

long area2(const struct shape *s)
{
    switch (s->kind) {
    case SHAPE_TRIANGLE:
        return s->w * s->h;
    case SHAPE_RECT:
    case SHAPE_SQUARE:
    default:
        return 2 * s->w * s->h;
    }
}

static long isqrt(long n)
{
    long r = 0;
    while ((r + 1) * (r + 1) <= n)
        r++;
    return r;
}

long perimeter(const struct shape *s)
{
    if (s->kind == SHAPE_TRIANGLE)      /* right triangle with legs w and h, hypotenuse rounded down */
        return s->w + s->h + isqrt(s->w * s->w + s->h * s->h);
    return 2 * (s->w + s->h);
}

measure_fn measure_by_name(const char *name)
{
    if (strcmp(name, "area2") == 0)
        return area2;
    if (strcmp(name, "perimeter") == 0)
        return perimeter;
    return 0;
}
