/* The return line's only code is the `ret` and the epilogue before it: the
 * result is computed by the line before (dot) or reaches the epilogue block
 * from a loop and from the path around it (best). The epilogue keeps the
 * return line and the `ret` takes the closing brace. */
struct point {
    int x;
    int y;
};

__attribute__((noinline)) static int dot(struct point u, struct point v)
{
    int r = u.x * v.x + u.y * v.y;
    return r;
}

__attribute__((noinline)) static long best(int n, ...)
{
    __builtin_va_list ap;
    long m = 0;
    __builtin_va_start(ap, n);
    for (int k = 0; k < n; k++) {
        long v = __builtin_va_arg(ap, long);
        if (v > m)
            m = v;
    }
    __builtin_va_end(ap);
    return m;
}

int main(void)
{
    struct point p = {2, 3}, q = {4, 5};
    int d = dot(p, q);
    long b = best(2, 7L, 3L);
    return d + b == 30 ? 0 : 1;
}
