/* Arrays as parameters decay to pointers; row pointers, const arrays, and arrays inside structs by value. */
#include <stdio.h>

struct wrap { int v[4]; };

static int param_size(int a[10]) { return (int)sizeof(a); }           /* pointer size */
static void fill(int *a, int n, int start) { for (int i = 0; i < n; i++) a[i] = start + i; }
static int sum_rows(int rows, int m[][3])
{
    int s = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < 3; c++)
            s += m[r][c];
    return s;
}
static void bump_wrap(struct wrap w) { w.v[0] = 1000; }               /* copy: caller unaffected */
static struct wrap twice(struct wrap w)
{
    for (int i = 0; i < 4; i++)
        w.v[i] *= 2;
    return w;
}
static int last(const char s[]) { int i = 0; while (s[i + 1]) i++; return s[i]; }
static void modify(int a[]) { a[0] = -1; }

int main(void)
{
    int a[10];
    printf("%d %d\n", (int)sizeof a, param_size(a));
    fill(a, 10, 5);
    fill(a + 5, 5, 100);
    for (int i = 0; i < 10; i++)
        printf("%d ", a[i]);
    printf("\n");
    int m[4][3] = { { 1, 2, 3 }, { 4, 5, 6 }, { 7, 8, 9 }, { 10, 11, 12 } };
    printf("%d %d\n", sum_rows(4, m), sum_rows(2, m + 2));
    struct wrap w = { { 1, 2, 3, 4 } };
    bump_wrap(w);
    struct wrap d = twice(w);
    printf("%d %d %d\n", w.v[0], d.v[0], d.v[3]);
    printf("%c\n", last("hello!"));
    modify(a);
    modify(&a[9]);
    printf("%d %d\n", a[0], a[9]);
    int (*rowp)[3] = m;
    rowp++;
    printf("%d\n", rowp[1][2]);
    return 0;
}
