/* Values live across calls (callee-saved registers), loop-carried variables
   and a parameter that is overwritten. */
#include <stdio.h>

static int counter;

int bump(int by)
{
    counter += by;
    return counter;
}

int walk(int n)
{
    int sum = 0;
    int last = -1;
    for (int i = 0; i < n; i++) {
        int got = bump(i);
        sum += got;
        last = got;
    }
    n = sum - last;
    printf("%d %d %d\n", sum, last, n);
    return n;
}

int main(void)
{
    int r = walk(5);
    r += walk(3);
    printf("%d\n", r);
    return 0;
}
