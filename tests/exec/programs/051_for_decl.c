/* for loops with declarations in the init clause, empty clauses, several variables, scoping. */
#include <stdio.h>

int main(void)
{
    int i = 100;
    for (int i = 0; i < 3; i++)
        printf("inner i %d\n", i);
    printf("outer i %d\n", i);
    for (int a = 0, b = 10; a < b; a += 2, b--)
        printf("%d,%d ", a, b);
    printf("\n");
    int n = 0;
    for (;;) {
        if (++n >= 5)
            break;
    }
    printf("n %d\n", n);
    for (char c = 'a'; c <= 'e'; c++)
        putchar(c);
    putchar('\n');
    long total = 0;
    for (long k = 1; k <= 1000000; k *= 10)
        total += k;
    printf("%ld\n", total);
    for (int r = 0; r < 4; r++) {
        for (int c = 0; c <= r; c++)
            printf("%d ", r * c);
        printf("\n");
    }
    const char *s = "countdown";
    for (unsigned len = 9; len-- > 0;)
        putchar(s[len]);
    putchar('\n');
    int m = 0;
    for (m = 10; m > 0; m -= 3)
        ;
    printf("m %d\n", m);
    for (struct { int lo, hi; } rng = { 1, 4 }; rng.lo <= rng.hi; rng.lo++)
        printf("rng %d\n", rng.lo);
    int sum = 0;
    for (int x = 0; x < 10; x++) {
        int x2 = x * x;
        sum += x2;
    }
    printf("%d\n", sum);
    return 0;
}
