/* The exit status is computed: the low byte of a checksum (an int returned from main). */
#include <stdio.h>

int main(void)
{
    unsigned sum = 0;
    for (unsigned i = 1; i <= 1000; i++)
        sum += i * i % 97;
    printf("sum %u\n", sum);
    return (int)(sum % 200);
}
