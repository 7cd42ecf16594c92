/* An inlined callee (digit_sum, inlined in countdown, whose own loop folds
   away) that begins with its loop, entered right after another inlined
   callee: the loop header is the first code of both instances (p13_loops). */
#include <stdio.h>
static int first_nine(const int *v, int n)
{
    int idx = 0;
    while (idx < n) {
        if (v[idx] == 9)
            break;
        idx++;
    }
    return idx;
}
static int digit_sum(unsigned int x)
{
    int s = 0;
    do {
        s += (int)(x % 10);
        x /= 10;
    } while (x != 0);
    return s;
}
static int countdown(int from)
{
    int steps = 0;
    while (from > 0) {
        from -= 3;
        steps++;
    }
    return steps + digit_sum(9876);
}
int main(void)
{
    int v[4] = {5, 3, 9, 1};
    int b = first_nine(v, 4);
    int d = countdown(10);
    printf("%d %d\n", b, d);
    return 0;
}
