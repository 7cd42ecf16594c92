/* Division and remainder by constants (opt/divconst.py: magic multipliers and
 * biased shifts instead of idiv) on every C integer type, on the values at the
 * edges of each range and on a pseudo-random walk, with the divisor shapes that
 * need each variant: powers of two (positive and negative), small odd and even
 * divisors, multipliers of 33 and 65 bits, even divisors whose multiplier shrinks
 * when the dividend is shifted first, and divisors near the type's limit. */
#include <limits.h>
#include <stdio.h>

static unsigned long long state = 0x9E3779B97F4A7C15ull;

static unsigned long long next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

#define SDIV32(d) h = h * 1000003u + (unsigned)(x / (d)) + 7u * (unsigned)(x % (d))
#define UDIV32(d) h = h * 1000003u + (u / (d)) + 7u * (u % (d))
#define SDIV64(d) h = h * 1000003u + (unsigned long long)(lx / (d)) \
                      + 7u * (unsigned long long)(lx % (d))
#define UDIV64(d) h = h * 1000003u + (lu / (d)) + 7u * (lu % (d))

static unsigned long long mix(int x, unsigned u, long lx, unsigned long lu) {
    unsigned long long h = 0;
    SDIV32(2); SDIV32(3); SDIV32(7); SDIV32(10); SDIV32(16); SDIV32(-8); SDIV32(-7);
    SDIV32(641); SDIV32(1000); SDIV32(65537); SDIV32(INT_MAX); SDIV32(-INT_MAX);
    UDIV32(3u); UDIV32(7u); UDIV32(10u); UDIV32(641u); UDIV32(0x80000001u);
    UDIV32(0xFFFFFFFFu); UDIV32(0xAAAAAAABu);
    UDIV32(14u); UDIV32(28u); UDIV32(1000000000u); UDIV32(0xFFFFFFFCu); UDIV32(7u << 20);
    SDIV64(2); SDIV64(3); SDIV64(10); SDIV64(-10); SDIV64(1L << 40); SDIV64(-(1L << 33));
    SDIV64(1000003); SDIV64(LONG_MAX); SDIV64(0x5555555555555555L);
    UDIV64(3ul); UDIV64(7ul); UDIV64(10ul); UDIV64(0x8000000000000001ul);
    UDIV64(0xFFFFFFFFFFFFFFFFul); UDIV64(0x100000001ul);
    UDIV64(6ul); UDIV64(14ul); UDIV64(1000ul); UDIV64(1000000000ul);
    UDIV64(1000000000000000000ul); UDIV64(7ul << 60); UDIV64(0xFFFFFFFFFFFFFFFCul);
    return h;
}

int main(void) {
    static const long long edges[] = {0, 1, -1, 2, -2, 9, -9, 10, -10, 99, -99,
                                      INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1,
                                      LONG_MAX, LONG_MIN, LONG_MAX - 1, LONG_MIN + 1,
                                      1LL << 32, -(1LL << 32), 123456789, -987654321};
    unsigned long long total = 0;
    for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        long long e = edges[i];
        unsigned long long h = mix((int)e, (unsigned)e, (long)e, (unsigned long)e);
        printf("%lld: %llu\n", e, h);
        total ^= h;
    }
    for (int i = 0; i < 2000; i++) {
        unsigned long long r = next();
        total = total * 31 + mix((int)r, (unsigned)(r >> 7), (long)r, (unsigned long)(r * 3));
    }
    short s = -12345;
    signed char c = -101;
    unsigned short us = 54321;
    printf("%d %d %d %d %d\n", s / 7, s % 7, c / 3, c % -3, us / 10);
    printf("total %llu\n", total);
    return 0;
}
