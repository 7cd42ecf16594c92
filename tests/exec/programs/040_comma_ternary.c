/* Comma operator sequencing and the conditional operator, including nested and as lvalue source. */
#include <stdio.h>

static int calls;
static int trace(int v) { calls++; printf("trace %d\n", v); return v; }

int main(void)
{
    int a = (trace(1), trace(2), trace(3));
    printf("a=%d calls=%d\n", a, calls);
    int i, j;
    for (i = 0, j = 10; i < j; i += 3, j -= 2)
        printf("%d %d\n", i, j);
    int x = 5;
    int y = x > 3 ? x * 2 : x - 2;
    int z = x < 3 ? x * 2 : x - 2;
    printf("%d %d\n", y, z);
    for (int n = -2; n <= 2; n++)
        printf("%d: %s\n", n, n < 0 ? "neg" : n == 0 ? "zero" : n == 1 ? "one" : "many");
    int r = 0 ? trace(100) : trace(200);
    printf("r=%d calls=%d\n", r, calls);
    long wide = x > 0 ? 1L << 40 : 0;
    printf("%ld\n", wide);
    unsigned u = 1;
    int s = -1;
    printf("%d\n", (x ? u : s) > 0 ? 1 : 0);   /* result type is unsigned */
    int arr[3] = { 1, 2, 3 };
    int *p = x ? &arr[2] : &arr[0];
    *p = 30;
    printf("%d %d\n", arr[0], arr[2]);
    int m = (x++, x++, x);
    printf("%d %d\n", m, x);
    const char *msg = calls > 4 ? "many calls" : "few calls";
    printf("%s\n", msg);
    int big = 3, small = 9;
    int mx = big > small ? big : small;
    int mn = big < small ? big : small;
    printf("%d %d\n", mx, mn);
    int v = (a > 2) ? (a < 5 ? 1 : 2) : 3;
    printf("%d\n", v);
    return 0;
}
