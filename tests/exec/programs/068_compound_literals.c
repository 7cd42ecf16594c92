/* C99 compound literals: struct and array literals as values, arguments and lvalues. */
#include <stdio.h>

struct pt { int x, y; };

static int dot(struct pt a, struct pt b) { return a.x * b.x + a.y * b.y; }
static int sum(const int *v, int n)
{
    int s = 0;
    while (n--)
        s += *v++;
    return s;
}

int main(void)
{
    printf("%d\n", dot((struct pt){ 1, 2 }, (struct pt){ 3, 4 }));
    printf("%d\n", sum((int[]){ 1, 2, 3, 4, 5 }, 5));
    struct pt *p = &(struct pt){ 5, 6 };
    p->x = 50;
    printf("%d %d\n", p->x, p->y);
    int *arr = (int[4]){ [2] = 9 };
    printf("%d %d %d %d\n", arr[0], arr[1], arr[2], arr[3]);
    struct pt q;
    q = (struct pt){ .y = 8 };
    printf("%d %d\n", q.x, q.y);
    for (int i = 0; i < 3; i++) {
        struct pt r = (struct pt){ i, i * i };
        printf("%d ", dot(r, (struct pt){ 1, 1 }));
    }
    printf("\n");
    const char *names = ((const char *[]){ "zero", "one", "two" })[2];
    printf("%s\n", names);
    int n = sizeof((long[]){ 1, 2, 3 }) / sizeof(long);
    printf("%d\n", n);
    (void)(struct pt){ 0, 0 }.x;
    ((int[]){ 7, 8 })[1] = 80;
    return 0;
}
