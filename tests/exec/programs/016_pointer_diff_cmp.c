/* Pointer subtraction (ptrdiff_t) and relational comparisons within one array. */
#include <stdio.h>
#include <stddef.h>

struct big { char data[12]; };

static ptrdiff_t find(const int *begin, const int *end, int v)
{
    for (const int *p = begin; p != end; p++)
        if (*p == v)
            return p - begin;
    return -1;
}

int main(void)
{
    int a[10];
    for (int i = 0; i < 10; i++)
        a[i] = 3 * i;
    int *lo = &a[2], *hi = &a[9];
    printf("%ld %ld\n", (long)(hi - lo), (long)(lo - hi));
    printf("%d %d %d %d\n", lo < hi, lo > hi, lo <= lo + 1, hi >= lo);
    printf("%ld\n", (long)find(a, a + 10, 21));
    printf("%ld\n", (long)find(a, a + 10, 22));
    struct big b[5];
    struct big *b1 = &b[1], *b4 = &b[4];
    printf("%ld\n", (long)(b4 - b1));
    char *c1 = (char *)b1, *c4 = (char *)b4;
    printf("%ld\n", (long)(c4 - c1));
    long la[6];
    long *end = la + 6;
    int n = 0;
    for (long *p = la; p < end; p++)
        *p = n++;
    printf("%ld %ld\n", (long)(end - la), la[5]);
    char str[] = "hello, world";
    char *comma = str;
    while (*comma != ',')
        comma++;
    printf("%ld\n", (long)(comma - str));
    int *mid = a + 5;
    int *l = a, *r = a + 9;
    while (l < r) {
        int t = *l;
        *l++ = *r;
        *r-- = t;
    }
    printf("%d %d %d\n", a[0], *mid, a[9]);
    return 0;
}
