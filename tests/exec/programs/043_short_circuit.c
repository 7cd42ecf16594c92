/* && and || evaluate left to right and stop early; side effects prove it. */
#include <stdio.h>

static int counter;
static int t(int v) { counter++; printf("t(%d) ", v); return v; }

int main(void)
{
    counter = 0;
    if (t(0) && t(1))
        printf("yes\n");
    else
        printf("no\n");
    if (t(1) || t(2))
        printf("yes\n");
    if (t(0) || t(0) || t(3))
        printf("yes\n");
    if (t(1) && t(2) && t(0) && t(4))
        printf("yes\n");
    else
        printf("no\n");
    printf("counter %d\n", counter);
    int a = 0, b = 0;
    int r = (a++ > 0) && (b++ > 0);
    printf("%d %d %d\n", r, a, b);
    r = (a++ > 0) || (b++ > 0);
    printf("%d %d %d\n", r, a, b);
    int *p = 0;
    if (p && *p == 3)
        printf("deref\n");
    else
        printf("safe\n");
    int x = 5;
    int v = (x > 3 && x < 10) || (printf("never\n"), 0);
    printf("%d\n", v);
    printf("%d %d %d %d\n", 2 && 3, 0 || -1, 0 && 0, !!7);
    long big = 1L << 40;
    printf("%d\n", big && 1);
    int mixed = t(0) || (t(1) && t(0)) || t(5);
    printf("=> %d\n", mixed);
    for (int i = 0; i < 6 && t(i) != 3; i++)
        ;
    printf("\n");
    return 0;
}
