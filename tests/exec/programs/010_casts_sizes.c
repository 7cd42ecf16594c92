/* Casts between integer sizes: truncation and sign/zero extension. */
#include <stdio.h>

int main(void)
{
    long long v = 0x1122334455667788LL;
    printf("%x\n", (int)v);
    printf("%x\n", (unsigned short)v);
    printf("%x\n", (unsigned char)v);
    printf("%d\n", (short)v);
    printf("%d\n", (signed char)v);
    int neg = -2;
    printf("%ld %lu\n", (long)neg, (unsigned long)neg);
    printf("%llx\n", (unsigned long long)(unsigned int)neg);
    short s = -1;
    printf("%d %u %lu\n", s, (unsigned short)s, (unsigned long)s);
    unsigned short us = 0x8001;
    printf("%d %ld\n", (short)us, (long)us);
    unsigned char uc = 0xFE;
    printf("%d %d %ld\n", uc, (signed char)uc, (long)(signed char)uc);
    long long mix[] = { 127, 128, 255, 256, -129, 65535, 65536, 2147483647, 2147483648LL, -1 };
    for (int i = 0; i < 10; i++)
        printf("%lld: %d %d %d %d %u\n", mix[i], (signed char)mix[i], (unsigned char)mix[i],
               (short)mix[i], (int)mix[i], (unsigned)mix[i]);
    int x = (char)300 + (short)70000;
    printf("%d\n", x);
    printf("%d\n", (int)(unsigned char)(char)-1);
    return 0;
}
