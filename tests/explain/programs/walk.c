/* examples/demo.c's walk(): an inlined helper, a rotated loop, a global load.
   Used by tests/explain (model, text, browser); the line numbers matter. */
struct point {
    int x;
    int y;
};

static int scale = 3;

static int manhattan(struct point a, struct point b)
{
    int dx = a.x - b.x;
    int dy = a.y - b.y;
    if (dx < 0)
        dx = -dx;
    if (dy < 0)
        dy = -dy;
    return dx + dy;
}

int walk(const struct point *path, int n)
{
    int total = 0;
    for (int i = 1; i < n; i++) {
        int step = manhattan(path[i - 1], path[i]);
        total += step * scale;
    }
    return total;
}
