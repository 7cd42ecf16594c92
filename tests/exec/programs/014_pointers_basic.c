/* Address-of, dereference, pointer to pointer, pointers as out-parameters. */
#include <stdio.h>

static void swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

static void divmod(int n, int d, int *q, int *r)
{
    *q = n / d;
    *r = n % d;
}

static void set_ptr(int **pp, int *target) { *pp = target; }

int main(void)
{
    int x = 10, y = 20;
    int *p = &x;
    printf("%d\n", *p);
    *p = 11;
    printf("%d\n", x);
    swap(&x, &y);
    printf("%d %d\n", x, y);
    int q, r;
    divmod(47, 5, &q, &r);
    printf("%d %d\n", q, r);
    int **pp = &p;
    **pp = 99;
    printf("%d %d\n", x, *p);
    set_ptr(&p, &y);
    printf("%d\n", *p);
    int *null = 0;
    printf("%d %d\n", null == 0, p != 0);
    if (!null)
        printf("null is false\n");
    int arr[3] = { 1, 2, 3 };
    int *ap = arr;
    *ap++ = 10;
    *ap = *ap + 5;
    printf("%d %d %d\n", arr[0], arr[1], arr[2]);
    char c = 'x';
    char *cp = &c;
    char **cpp = &cp;
    **cpp = 'y';
    printf("%c\n", c);
    int ***ppp = &pp;
    ***ppp = 1234;
    printf("%d\n", y);
    return 0;
}
