/* Local aggregate initialisers with runtime values, partial init zero-fills, and re-init per iteration. */
#include <stdio.h>

struct rec { int a; long b; char s[6]; short arr[3]; };

static int seed(int k) { return k * 7 - 3; }

int main(void)
{
    for (int iter = 0; iter < 3; iter++) {
        int v[6] = { seed(iter), iter };          /* rest zero each time */
        struct rec r = { iter * 2, seed(iter) * 100L, "ab", { (short)iter } };
        printf("%d %d %d %d %d %d | %d %ld %s %d %d %d\n", v[0], v[1], v[2], v[3], v[4], v[5],
               r.a, r.b, r.s, r.arr[0], r.arr[1], r.arr[2]);
        v[5] = 99;
        r.arr[2] = 99;
    }
    int zeros[50] = { 0 };
    int nz = 0;
    for (int i = 0; i < 50; i++)
        nz += zeros[i];
    printf("%d\n", nz);
    char str[10] = "hi";
    for (int i = 0; i < 10; i++)
        printf("%d ", str[i]);
    printf("\n");
    int n = 4;
    int m[2][3] = { { n, n * 2 }, { n * 3 } };
    for (int i = 0; i < 2; i++)
        printf("%d %d %d\n", m[i][0], m[i][1], m[i][2]);
    struct rec copies[2] = { { 1, 2, "x", { 3, 4, 5 } } };
    printf("%d %ld %s %d | %d %ld %d\n", copies[0].a, copies[0].b, copies[0].s, copies[0].arr[2],
           copies[1].a, copies[1].b, copies[1].s[0]);
    struct rec big = { 0 };
    printf("%d %ld %d\n", big.a, big.b, big.arr[1]);
    long lv = n * 1000000000L;
    long arr2[] = { lv, -lv, lv / 3 };
    printf("%ld %ld %ld %d\n", arr2[0], arr2[1], arr2[2], (int)(sizeof arr2 / sizeof arr2[0]));
    int x = 5, *px = &x;
    int *ptrs[3] = { px, &n };
    printf("%d %d %d\n", *ptrs[0], *ptrs[1], ptrs[2] == 0);
    return 0;
}
