/* The program's own variadic functions with int arguments: counted and sentinel-terminated. */
#include <stdio.h>
#include <stdarg.h>

static int sum(int count, ...)
{
    va_list ap;
    va_start(ap, count);
    int total = 0;
    for (int i = 0; i < count; i++)
        total += va_arg(ap, int);
    va_end(ap);
    return total;
}

static int max_of(int first, ...)
{
    va_list ap;
    va_start(ap, first);
    int best = first;
    for (;;) {
        int v = va_arg(ap, int);
        if (v < 0)
            break;
        if (v > best)
            best = v;
    }
    va_end(ap);
    return best;
}

static unsigned checksum(int n, ...)
{
    va_list ap;
    unsigned h = 17;
    va_start(ap, n);
    while (n-- > 0)
        h = h * 31 + va_arg(ap, unsigned);
    va_end(ap);
    return h;
}

int main(void)
{
    printf("%d\n", sum(0));
    printf("%d\n", sum(1, 10));
    printf("%d\n", sum(5, 1, 2, 3, 4, 5));
    printf("%d\n", sum(12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    printf("%d\n", max_of(3, 9, 2, 14, 7, -1));
    printf("%d\n", max_of(50, -1));
    char c = 'A';
    short s = -300;
    printf("%d\n", sum(3, c, s, (unsigned char)250));   /* promoted to int */
    printf("%u\n", checksum(8, 1u, 2u, 3u, 4000000000u, 5u, 6u, 7u, 8u));
    int arr[10];
    for (int i = 0; i < 10; i++)
        arr[i] = i * i;
    printf("%d\n", sum(10, arr[0], arr[1], arr[2], arr[3], arr[4], arr[5], arr[6], arr[7], arr[8], arr[9]));
    return 0;
}
