/* Sieve of Eratosthenes, prime factorisation and a segmented count. */
#include <stdio.h>
#include <string.h>

#define LIMIT 10000

static unsigned char composite[LIMIT + 1];

static void factor(long n)
{
    printf("%ld =", n);
    for (long p = 2; p * p <= n; p++)
        while (n % p == 0) {
            printf(" %ld", p);
            n /= p;
        }
    if (n > 1)
        printf(" %ld", n);
    printf("\n");
}

int main(void)
{
    memset(composite, 0, sizeof composite);
    composite[0] = composite[1] = 1;
    for (int i = 2; i * i <= LIMIT; i++)
        if (!composite[i])
            for (int j = i * i; j <= LIMIT; j += i)
                composite[j] = 1;
    int count = 0, last = 0;
    long sum = 0;
    for (int i = 0; i <= LIMIT; i++)
        if (!composite[i]) {
            count++;
            sum += i;
            last = i;
        }
    printf("%d primes, sum %ld, last %d\n", count, sum, last);
    for (int i = 0; i < 100; i++)
        if (!composite[i])
            printf("%d ", i);
    printf("\n");
    int twins = 0;
    for (int i = 3; i + 2 <= LIMIT; i += 2)
        if (!composite[i] && !composite[i + 2])
            twins++;
    printf("twin pairs %d\n", twins);
    long nums[] = { 360, 97, 1001, 65536, 999999, 600851475143L };
    for (int i = 0; i < 6; i++)
        factor(nums[i]);
    int gaps[20] = { 0 };
    int prev = 2;
    for (int i = 3; i <= LIMIT; i++)
        if (!composite[i]) {
            int g = i - prev;
            if (g < 40)
                gaps[g / 2]++;
            prev = i;
        }
    for (int i = 0; i < 20; i++)
        if (gaps[i])
            printf("gap %d: %d\n", i * 2, gaps[i]);
    return 0;
}
