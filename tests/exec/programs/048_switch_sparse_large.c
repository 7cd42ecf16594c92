/* Sparse and large case values, negative cases, dense ranges that may become jump tables. */
#include <stdio.h>

static const char *sparse(int v)
{
    switch (v) {
    case -1000000: return "minus million";
    case -1: return "minus one";
    case 0: return "zero";
    case 7: return "seven";
    case 1000: return "thousand";
    case 65536: return "2^16";
    case 2147483647: return "INT_MAX";
    case -2147483647 - 1: return "INT_MIN";
    default: return "?";
    }
}

static int dense(unsigned v)
{
    switch (v) {
    case 0: return 10;
    case 1: return 11;
    case 2: return 12;
    case 3: return 13;
    case 4: return 14;
    case 5: return 15;
    case 6: return 16;
    case 7: return 17;
    case 8: return 18;
    case 9: return 19;
    case 4000000000u: return 99;
    }
    return -1;
}

static int big(unsigned long long v)
{
    switch (v) {
    case 0xFFFFFFFFFFFFFFFFULL: return 1;
    case 0x100000000ULL: return 2;
    case 0x8000000000000000ULL: return 3;
    case 12345678901234ULL: return 4;
    default: return 0;
    }
}

int main(void)
{
    int probes[] = { -1000000, -1, 0, 7, 8, 1000, 65536, 65535, 2147483647, -2147483647 - 1 };
    for (int i = 0; i < 10; i++)
        printf("%d %s\n", probes[i], sparse(probes[i]));
    for (unsigned v = 0; v < 12; v++)
        printf("%d ", dense(v));
    printf("%d\n", dense(4000000000u));
    unsigned long long b[] = { ~0ULL, 1ULL << 32, 1ULL << 63, 12345678901234ULL, 5 };
    for (int i = 0; i < 5; i++)
        printf("%d", big(b[i]));
    printf("\n");
    return 0;
}
