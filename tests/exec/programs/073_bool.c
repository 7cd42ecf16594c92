/* _Bool and stdbool.h: conversion of any nonzero value to 1, bool in structs and conditions. */
#include <stdio.h>
#include <stdbool.h>

struct flags { bool ready; bool done; int count; };

static bool is_prime(int n)
{
    if (n < 2)
        return false;
    for (int i = 2; i * i <= n; i++)
        if (n % i == 0)
            return false;
    return true;
}

int main(void)
{
    bool b = 42;
    _Bool c = 3 == 3;      /* comparison result */
    printf("%d %d\n", b, c);
    bool from_ptr = &b;
    printf("%d\n", from_ptr);
    bool from_long = 1L << 40;
    printf("%d\n", from_long);
    unsigned char uc = 0x100 & 0xff;
    bool from_char = uc;
    printf("%d\n", from_char);
    int primes = 0;
    for (int i = 0; i < 50; i++)
        if (is_prime(i)) {
            primes++;
            printf("%d ", i);
        }
    printf("\n%d\n", primes);
    struct flags f = { true, false, 3 };
    f.done = f.count > 2;
    printf("%d %d %d\n", f.ready, f.done, (int)sizeof f);
    bool arr[4] = { 1, 0, 5, -3 };
    int sum = 0;
    for (int i = 0; i < 4; i++)
        sum += arr[i];
    printf("%d\n", sum);
    bool t = true, fa = false;
    printf("%d %d %d %d\n", t && fa, t || fa, !t, t + t);
    b = false;
    b |= 1;
    printf("%d\n", b);
    b = !b;
    printf("%d\n", b);
    return 0;
}
