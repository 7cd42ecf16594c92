/* Variables whose "optimized out" reason the compiler records at -O2
   (docs/why-optimized-out.md), for the variables pane (tests/explain/test_why.py). */
#include <stdio.h>
int work(int n)
{
    int sq = n * 1.5;
    int t = n / 3 + 3;  /* a quotient: n + 3 would be recovered through n */
    printf("%d\n", t);
    int u = t * 2;
    printf("%d\n", u);
    return 0;
}
struct pair {
    int a;
    int b;
};
int split(int x)
{
    struct pair p = {x, x + 1};
    int *q = &p.b;
    return p.a + *q;
}
