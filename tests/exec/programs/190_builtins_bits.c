/* GCC bit builtins at their edges: clz/ctz of 1 and of the top bit, popcount,
   parity, ffs, clrsb and bswap of patterns, in the int, long and long long
   variants, on constants and on values the compiler cannot see through. */
#include <stdio.h>

static volatile unsigned long long seed = 0x8000000000000001ull;

static unsigned opaque32(unsigned v) { return v ^ (unsigned)(seed & 0); }
static unsigned long long opaque64(unsigned long long v) { return v ^ (seed & 0); }

int main(void) {
    unsigned tops[] = {1u, 2u, 3u, 0x80u, 0xffffu, 0x10000u, 0x7fffffffu, 0x80000000u,
                       0xffffffffu, 0x12345678u};
    for (unsigned i = 0; i < sizeof tops / sizeof tops[0]; i++) {
        unsigned v = opaque32(tops[i]);
        printf("%08x clz=%d ctz=%d pop=%d par=%d ffs=%d clrsb=%d\n", v, __builtin_clz(v),
               __builtin_ctz(v), __builtin_popcount(v), __builtin_parity(v),
               __builtin_ffs((int)v), __builtin_clrsb((int)v));
    }
    printf("ffs(0)=%d clrsb(0)=%d clrsb(-1)=%d\n", __builtin_ffs((int)opaque32(0)),
           __builtin_clrsb((int)opaque32(0)), __builtin_clrsb((int)opaque32(~0u)));
    unsigned long long wides[] = {1ull, 0x8000000000000000ull, 0x00000000ffffffffull,
                                  0xffffffff00000000ull, 0x0123456789abcdefull,
                                  0x5555555555555555ull};
    for (unsigned i = 0; i < sizeof wides / sizeof wides[0]; i++) {
        unsigned long long v = opaque64(wides[i]);
        printf("%016llx l: clz=%d ctz=%d pop=%d par=%d ffs=%d clrsb=%d\n", v,
               __builtin_clzl((unsigned long)v), __builtin_ctzl((unsigned long)v),
               __builtin_popcountl((unsigned long)v), __builtin_parityl((unsigned long)v),
               __builtin_ffsl((long)v), __builtin_clrsbl((long)v));
        printf("%016llx ll: clz=%d ctz=%d pop=%d par=%d ffs=%d clrsb=%d\n", v,
               __builtin_clzll(v), __builtin_ctzll(v), __builtin_popcountll(v),
               __builtin_parityll(v), __builtin_ffsll((long long)v),
               __builtin_clrsbll((long long)v));
    }
    unsigned short h = (unsigned short)opaque32(0x1234);
    printf("bswap16 %04x %04x\n", __builtin_bswap16(h), __builtin_bswap16(0xff00));
    printf("bswap32 %08x %08x\n", __builtin_bswap32(opaque32(0x12345678u)),
           __builtin_bswap32(0x000000ffu));
    printf("bswap64 %016llx %016llx\n",
           (unsigned long long)__builtin_bswap64(opaque64(0x0102030405060708ull)),
           (unsigned long long)__builtin_bswap64(0xff00000000000000ull));
    /* constants fold to the same answers */
    printf("const %d %d %d %d\n", __builtin_clz(1), __builtin_ctz(0x80000000u),
           __builtin_popcountll(~0ull), __builtin_clzll(1));
    /* a classic use: integer log2 and next power of two */
    for (unsigned n = 1; n < 70; n += 13) {
        unsigned v = opaque32(n);
        unsigned lg = 31 - __builtin_clz(v);
        unsigned next = v == 1 ? 1 : 1u << (32 - __builtin_clz(v - 1));
        printf("n=%u log2=%u next=%u\n", v, lg, next);
    }
    return 0;
}
