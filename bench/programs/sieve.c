/* Sieve of Eratosthenes and prime gaps. */
#include <stdio.h>
#include <stdlib.h>

#define LIMIT 6000000

int main(void)
{
    unsigned char *composite = calloc(LIMIT + 1, 1);
    for (long i = 2; i * i <= LIMIT; i++)
        if (!composite[i])
            for (long j = i * i; j <= LIMIT; j += i) composite[j] = 1;
    int count = 0, max_gap = 0, last = 2;
    long sum = 0;
    for (int i = 2; i <= LIMIT; i++)
        if (!composite[i]) {
            count++;
            sum += i;
            if (i - last > max_gap) max_gap = i - last;
            last = i;
        }
    printf("%d primes, sum %ld, max gap %d\n", count, sum, max_gap);
    free(composite);
    return 0;
}
