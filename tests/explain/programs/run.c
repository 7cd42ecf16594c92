/* walk.c with a main, for a real gdb run overlaid on the report (tests/explain/test_trace.py). */

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

int main(void)
{
    struct point path[4] = {{0, 0}, {3, 4}, {-1, 6}, {2, 2}};
    return walk(path, 4) == 60 ? 0 : 1;
}
