/* while and do/while loops: zero-trip, post-tested, nested, with complex conditions. */
#include <stdio.h>

int main(void)
{
    int n = 27, steps = 0;
    while (n != 1) {
        n = (n % 2) ? 3 * n + 1 : n / 2;
        steps++;
    }
    printf("collatz steps %d\n", steps);
    int never = 0;
    while (never)
        printf("never\n");
    int once = 0;
    do {
        once++;
    } while (0);
    printf("once %d\n", once);
    unsigned v = 0xDEADBEEF;
    char buf[40];
    int len = 0;
    do {
        buf[len++] = "0123456789abcdef"[v % 16];
        v /= 16;
    } while (v);
    while (len > 0)
        putchar(buf[--len]);
    putchar('\n');
    int i = 0, j = 0;
    while (i < 5) {
        j = 0;
        while (j < i) {
            printf("%d", j);
            j++;
        }
        printf("|\n");
        i++;
    }
    long a = 1071, b = 462;
    while (b != 0) {
        long t = b;
        b = a % b;
        a = t;
    }
    printf("gcd %ld\n", a);
    int digits = 0;
    long x = 1234567890123L;
    do
        digits++;
    while ((x /= 10) != 0);
    printf("digits %d\n", digits);
    int k = 10;
    while (k-- > 0 && k != 4)
        ;
    printf("k %d\n", k);
    return 0;
}
