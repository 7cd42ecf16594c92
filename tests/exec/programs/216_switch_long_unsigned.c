/* Switch on long, unsigned long and unsigned: cases near the type limits. */
#include <stdio.h>
#include <limits.h>

static int ul(unsigned long x) {
    switch (x) {
    case 0: return 1;
    case 1: return 2;
    case 2: return 3;
    case 3: return 4;
    case ULONG_MAX: return 5;
    case ULONG_MAX - 1: return 6;
    case ULONG_MAX - 2: return 7;
    case ULONG_MAX - 3: return 8;
    case 0x8000000000000000UL: return 9;
    case 0x7fffffffffffffffUL: return 10;
    }
    return 0;
}

static int sl(long x) {
    switch (x) {
    case LONG_MIN: return 1;
    case LONG_MIN + 1: return 2;
    case LONG_MIN + 2: return 3;
    case LONG_MIN + 3: return 4;
    case LONG_MIN + 5: return 5;
    case LONG_MAX: return 6;
    case 4294967296L: return 7;
    case 4294967297L: return 8;
    case -1: return 9;
    }
    return 0;
}

static int u32(unsigned x) {
    switch (x) {
    case 0xfffffff0u: return 1;
    case 0xfffffff1u: return 2;
    case 0xfffffff2u: return 3;
    case 0xfffffff3u: return 4;
    case 0xfffffff5u: return 5;
    case 0x7fffffffu: return 6;
    case 0x80000000u: return 7;
    case 5: return 8;
    }
    return 0;
}

int main(void) {
    unsigned long ups[] = {0, 1, 2, 3, 4, ULONG_MAX, ULONG_MAX - 1, ULONG_MAX - 2, ULONG_MAX - 3,
                           ULONG_MAX - 4, 0x8000000000000000UL, 0x7fffffffffffffffUL,
                           0x8000000000000001UL};
    for (unsigned i = 0; i < sizeof ups / sizeof ups[0]; i++)
        printf("ul(%lu) = %d\n", ups[i], ul(ups[i]));
    long sps[] = {LONG_MIN, LONG_MIN + 1, LONG_MIN + 2, LONG_MIN + 3, LONG_MIN + 4, LONG_MIN + 5,
                  LONG_MAX, LONG_MAX - 1, 4294967295L, 4294967296L, 4294967297L, -1, 0};
    for (unsigned i = 0; i < sizeof sps / sizeof sps[0]; i++)
        printf("sl(%ld) = %d\n", sps[i], sl(sps[i]));
    for (unsigned x = 0xffffffeeu; x != 2; x++)
        printf("u32(%u) = %d\n", x, u32(x));
    printf("u32 mid: %d %d %d\n", u32(0x7fffffffu), u32(0x80000000u), u32(5));
    return 0;
}
