/* Reaching the closing brace of main returns 0 (C99), even after other functions return values. */
#include <stdio.h>

static int compute(int n)
{
    int r = 1;
    while (n > 1)
        r *= n--;
    return r;
}

static void nothing(void) { }

int main(void)
{
    nothing();
    printf("%d\n", compute(10));
    if (compute(3) != 6)
        return 9;
    printf("falling off the end\n");
}
