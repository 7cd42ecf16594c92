/* Usual arithmetic conversions between signed and unsigned of each rank. */
#include <stdio.h>

int main(void)
{
    int i = -1;
    unsigned int u = 1;
    printf("%d\n", i < u);           /* -1 converted to UINT_MAX: 0 */
    printf("%d\n", i < (int)u);
    long l = -1;
    printf("%d\n", l < u);           /* long holds all unsigned int: 1 */
    unsigned long ul = 1;
    printf("%d\n", l < ul);          /* 0 */
    long long ll = -5;
    unsigned int u2 = 3;
    printf("%lld\n", ll + u2);       /* long long: -2 */
    printf("%u\n", i + u);           /* 0 */
    printf("%lu\n", (unsigned long)i);
    unsigned short us = 5;
    printf("%d\n", us - 10);         /* promoted to int: -5 */
    unsigned int ui = 5;
    printf("%u\n", ui - 10);
    printf("%ld\n", 5L - 10U);       /* long: -5 */
    printf("%lu\n", 5UL - 10);
    int neg = -7;
    unsigned div = 2;
    printf("%u\n", neg / div);
    printf("%d\n", neg / (int)div);
    printf("%lld\n", -7LL / 2U);
    char c = -3;
    unsigned char uc = 3;
    printf("%d\n", c + uc);
    printf("%d\n", (c < uc));
    long long big = 3000000000LL;
    int small = 3;
    printf("%lld\n", big * small);
    printf("%d\n", -1 > 0u);
    printf("%d\n", -1L > 0u);
    printf("%d\n", -1LL > 0ul);
    return 0;
}
