#include <stdio.h>
#include "headers_util.h"

int __attribute__((noinline)) squash(const int *a, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += clamp(a[i], 0, 10);
    return total + clamp(n, 1, 3);
}

int main(void)
{
    int a[5] = {-3, 4, 12, 7, 10};
    printf("%d\n", squash(a, 5));
    return 0;
}
