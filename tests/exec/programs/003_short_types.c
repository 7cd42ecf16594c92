/* short and unsigned short: promotion to int, truncation on store. */
#include <stdio.h>

static short twice(short s) { return (short)(s * 2); }
static unsigned short utwice(unsigned short s) { return (unsigned short)(s * 2); }

int main(void)
{
    short s = 32767;
    unsigned short us = 65535;
    printf("%d %u\n", s, us);
    int p = s + 1;             /* no overflow: int arithmetic */
    printf("%d\n", p);
    s = (short)(s + 1);        /* implementation-defined narrowing, gcc wraps */
    printf("%d\n", s);
    us = (unsigned short)(us + 1);
    printf("%u\n", us);
    printf("%d %u\n", twice(20000), utwice(40000));
    short neg = -300;
    unsigned short un = (unsigned short)neg;
    printf("%d %u %d\n", neg, un, (short)un);
    short arr[6] = { 1, -2, 300, -400, 32000, -32000 };
    long sum = 0;
    for (int i = 0; i < 6; i++) {
        sum += arr[i];
        printf("arr[%d]=%hd hex=%hx\n", i, arr[i], (unsigned short)arr[i]);
    }
    printf("sum %ld\n", sum);
    unsigned short m1 = 50000, m2 = 50000;
    unsigned int prod = (unsigned int)m1 * m2;
    printf("prod %u\n", prod);
    short q = -7;
    printf("%d %d\n", q / 2, q % 2);
    printf("size %d %d\n", (int)sizeof(short), (int)sizeof(unsigned short));
    printf("%d\n", (short)0x12345);
    return 0;
}
