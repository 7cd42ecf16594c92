/* __int128 in control flow: switch on a 128-bit value (cases inside and
   outside the 64-bit range), loops whose induction variables and
   accumulators are 128-bit (block parameters after SSA construction),
   conditionals, logical operators and _Generic. */
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

static void put(const char *what, u128 v) {
    printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

#define MK(hi, lo) (((u128)(hi) << 64) | (unsigned long long)(lo))

static int classify(i128 v) {
    switch (v) {
    case 0: return 10;
    case 1: return 11;
    case -1: return 12;
    case 0x7fffffffffffffffLL: return 13;
    case (i128)0x7fffffffffffffffLL + 1: return 14;
    case -(i128)0x7fffffffffffffffLL - 2: return 15;
    case (i128)1 << 100: return 16;
    case 5: case 6: case 7: return 17;
    default: return 99;
    }
}

static int dense(u128 v) {
    switch (v) {
    case 0: return 1; case 1: return 2; case 2: return 3; case 3: return 4;
    case 4: return 5; case 5: return 6; case 6: return 7; case 7: return 8;
    case 8: return 9; case 9: return 10;
    default: return 0;
    }
}

#define KIND(x) _Generic((x), __int128: "i128", unsigned __int128: "u128", long: "long", default: "other")

int main(void) {
    static volatile i128 probes[] = {0, 1, -1, 2, 5, 6, 7, 8, 0x7fffffffffffffffLL,
                                     (i128)0x7fffffffffffffffLL + 1, -(i128)0x7fffffffffffffffLL - 1,
                                     -(i128)0x7fffffffffffffffLL - 2, (i128)1 << 100, ((i128)1 << 100) + 1,
                                     (i128)MK(1, 0), (i128)MK(0xffffffffffffffffULL, 0)};
    for (unsigned i = 0; i < sizeof probes / sizeof probes[0]; i++)
        printf("classify %u %d %d\n", i, classify(probes[i]), dense((u128)probes[i]));

    /* 128-bit induction variable stepping over the 64-bit boundary */
    u128 start = MK(0, 0xfffffffffffffff0ULL);
    unsigned long long hits = 0;
    for (u128 i = start; i < start + 40; i += 3)
        hits = hits * 3 + (unsigned long long)(i >> 60);
    printf("hits %llu\n", hits);
    /* signed countdown through zero */
    i128 acc = 0;
    for (i128 i = 20; i > -20; i--)
        acc = acc * 5 + i;
    put("acc", (u128)acc);
    /* collatz on 128-bit values */
    u128 n = MK(0, 0x6fffffffffffffffULL) * 3 + 7;
    unsigned steps = 0;
    while (n != 1 && steps < 2000) {
        n = (n & 1) ? 3 * n + 1 : n >> 1;
        steps++;
    }
    printf("collatz %u\n", steps);
    /* gcd by remainders */
    u128 a = MK(0x1234, 0x5678) * 0x9abcdef, b = MK(0x1234, 0x5678) * 0x13579;
    while (b) {
        u128 t = a % b;
        a = b;
        b = t;
    }
    put("gcd", a);
    i128 x = probes[4], y = probes[12];
    printf("logic %d %d %d %d\n", x && y, x || 0, !x, (x ? y : x) == y);
    i128 m = x > y ? x : y, mn = x < y ? x : y;
    put("max", (u128)m);
    put("min", (u128)mn);
    printf("generic %s %s %s %s\n", KIND(x), KIND((u128)x), KIND(x + 1L), KIND((long)x));
    return 0;
}
