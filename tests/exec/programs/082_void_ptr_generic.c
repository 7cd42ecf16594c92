/* Generic code through void pointers: byte-wise swap, generic reverse and max with size parameters. */
#include <stdio.h>
#include <string.h>

static void swap_bytes(void *a, void *b, size_t size)
{
    unsigned char *p = a, *q = b;
    while (size--) {
        unsigned char t = *p;
        *p++ = *q;
        *q++ = t;
    }
}

static void reverse(void *base, size_t n, size_t size)
{
    char *lo = base, *hi = (char *)base + (n - 1) * size;
    while (lo < hi) {
        swap_bytes(lo, hi, size);
        lo += size;
        hi -= size;
    }
}

static const void *max_elem(const void *base, size_t n, size_t size, int (*less)(const void *, const void *))
{
    const char *best = base;
    for (size_t i = 1; i < n; i++) {
        const char *cur = (const char *)base + i * size;
        if (less(best, cur))
            best = cur;
    }
    return best;
}

struct pt { short x; long y; };
static int less_int(const void *a, const void *b) { return *(const int *)a < *(const int *)b; }
static int less_pt(const void *a, const void *b) { return ((const struct pt *)a)->y < ((const struct pt *)b)->y; }

int main(void)
{
    int v[7] = { 3, 1, 4, 1, 5, 9, 2 };
    reverse(v, 7, sizeof v[0]);
    for (int i = 0; i < 7; i++)
        printf("%d ", v[i]);
    printf("max %d\n", *(const int *)max_elem(v, 7, sizeof v[0], less_int));
    struct pt pts[4] = { { 1, 10 }, { 2, -5 }, { 3, 99 }, { 4, 7 } };
    reverse(pts, 4, sizeof pts[0]);
    for (int i = 0; i < 4; i++)
        printf("(%d,%ld) ", pts[i].x, pts[i].y);
    const struct pt *best = max_elem(pts, 4, sizeof pts[0], less_pt);
    printf("best %d\n", best->x);
    char s[] = "generic";
    reverse(s, strlen(s), 1);
    printf("%s\n", s);
    long a = 1L << 50, b = -3;
    swap_bytes(&a, &b, sizeof a);
    printf("%ld %ld\n", a, b);
    void *vp = v;
    int *ip = vp;
    printf("%d\n", ip[6]);
    return 0;
}
