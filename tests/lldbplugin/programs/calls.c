/* Real calls, recursion and a multi-atom line: step enters, next steps over,
   finish returns to the caller's line. */
#include <stdio.h>
struct pair { int a, b; };
__attribute__((noinline)) static int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}
__attribute__((noinline)) static void swap(struct pair *p)
{
    int t = p->a;
    p->a = p->b;
    p->b = t;
}
int main(int argc, char **argv)
{
    struct pair p = {argc, 7};
    int x, y;
    x = y = fib(p.b);
    swap(&p);
    (void)argv;
    printf("%d %d %d\n", x + y, p.a, p.b);
    return 0;
}
