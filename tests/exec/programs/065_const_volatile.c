/* const and volatile qualifiers on objects, pointers and parameters. */
#include <stdio.h>

static const int limit = 5;
static const char *const greeting = "const greeting";
static volatile int ticks;

static int total(const int *v, int n)
{
    int t = 0;
    for (int i = 0; i < n; i++)
        t += v[i];
    return t;
}

static void tick(volatile int *p, int times)
{
    while (times--)
        (*p)++;
}

struct cfg { const int id; int value; };

int main(void)
{
    const int arr[] = { 1, 2, 3, 4, 5 };
    printf("%d %d\n", total(arr, limit), limit);
    printf("%s\n", greeting);
    int mutable_v = 10;
    const int *pc = &mutable_v;      /* pointer to const: cannot write through it */
    int *const cp = &mutable_v;      /* const pointer: can write, cannot reseat */
    *cp = 20;
    printf("%d %d\n", *pc, *cp);
    const int *const cpc = &arr[2];
    printf("%d\n", *cpc);
    tick(&ticks, 1000);
    printf("%d\n", ticks);
    volatile long vl = 0;
    for (int i = 0; i < 100; i++)
        vl += i;
    printf("%ld\n", (long)vl);
    volatile int sink;
    sink = 1;
    sink = 2;
    printf("%d\n", sink);
    struct cfg c = { 7, 8 };
    c.value++;
    printf("%d %d\n", c.id, c.value);
    const struct cfg cc = { 1, 2 };
    printf("%d\n", cc.id + cc.value);
    const volatile unsigned char status = 0x5a;
    printf("%x\n", status);
    char buf[] = "mutable";
    const char *ro = buf;
    buf[0] = 'M';
    printf("%s\n", ro);
    int *volatile vp = &mutable_v;
    *vp += 1;
    printf("%d\n", mutable_v);
    return 0;
}
