/* Checked arithmetic that needs 128-bit math: __builtin_*_overflow on 64-bit
   operands of any signedness mix (gcc computes those in 128 bits) and on
   __int128 operands, with results of every width. */
#include <limits.h>
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

static void put(const char *what, u128 v) {
    printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

#define MK(hi, lo) (((u128)(hi) << 64) | (unsigned long long)(lo))

static volatile long sl[] = {0, 1, -1, 2, -2, 3037000499L, 3037000500L, -3037000500L, LONG_MAX,
                              LONG_MIN, LONG_MAX / 2, 4294967296L};
static volatile unsigned long ul[] = {0, 1, 2, 4294967295UL, 4294967296UL, ULONG_MAX,
                                      ULONG_MAX / 2, 0x8000000000000000UL, 6148914691236517206UL};
static volatile u128 wide[] = {0, 1, 2, MK(0, ULONG_MAX), MK(1, 0), MK(0x7fffffffffffffffULL, ~0ULL),
                               MK(0x8000000000000000ULL, 0), ~(u128)0, MK(0xb504f333f9de6484ULL, 0x597d89b3754abe9fULL),
                               MK(0, 0xb504f333f9de6484ULL)};

#define NS (sizeof sl / sizeof sl[0])
#define NU (sizeof ul / sizeof ul[0])
#define NW (sizeof wide / sizeof wide[0])

int main(void) {
    unsigned long long acc = 0;
    for (unsigned i = 0; i < NS; i++)
        for (unsigned j = 0; j < NS; j++) {
            long a = sl[i], b = sl[j], r;
            unsigned long ur;
            int ir;
            i128 wr;
            int o1 = __builtin_mul_overflow(a, b, &r);
            int o2 = __builtin_add_overflow(a, b, &r);
            int o3 = __builtin_sub_overflow(a, b, &ur);
            int o4 = __builtin_mul_overflow(a, b, &ir);
            int o5 = __builtin_mul_overflow(a, b, &wr);
            int o6 = __builtin_smull_overflow(a, b, &r);
            printf("s %u %u: %d%d%d%d%d%d %ld %lu %d ", i, j, o1, o2, o3, o4, o5, o6, r, ur, ir);
            put("", (u128)wr);
        }
    for (unsigned i = 0; i < NU; i++)
        for (unsigned j = 0; j < NU; j++) {
            unsigned long a = ul[i], b = ul[j], r;
            long sr;
            u128 wr;
            int o1 = __builtin_mul_overflow(a, b, &r);
            int o2 = __builtin_mul_overflow(a, b, &sr);
            int o3 = __builtin_add_overflow(a, b, &r);
            int o4 = __builtin_sub_overflow(a, b, &sr);
            int o5 = __builtin_mul_overflow(a, b, &wr);
            int o6 = __builtin_umull_overflow(a, b, &r);
            printf("u %u %u: %d%d%d%d%d%d %lu %ld ", i, j, o1, o2, o3, o4, o5, o6, r, sr);
            put("", wr);
        }
    for (unsigned i = 0; i < NS; i++)
        for (unsigned j = 0; j < NU; j++) {
            long a = sl[i], r;
            unsigned long b = ul[j], ur;
            int o1 = __builtin_mul_overflow(a, b, &r);
            int o2 = __builtin_add_overflow(a, b, &ur);
            int o3 = __builtin_sub_overflow(b, a, &r);
            acc = acc * 31 + (unsigned long)r + ur;
            printf("m %u %u: %d%d%d\n", i, j, o1, o2, o3);
        }
    for (unsigned i = 0; i < NW; i++)
        for (unsigned j = 0; j < NW; j++) {
            u128 a = wide[i], b = wide[j], r;
            i128 sa = (i128)a, sb = (i128)b, sr;
            long lr;
            int o1 = __builtin_add_overflow(a, b, &r);
            int o2 = __builtin_mul_overflow(a, b, &r);
            int o3 = __builtin_sub_overflow(a, b, &r);
            int o4 = __builtin_add_overflow(sa, sb, &sr);
            int o5 = __builtin_mul_overflow(sa, sb, &sr);
            int o6 = __builtin_sub_overflow(sa, sb, &sr);
            int o7 = __builtin_mul_overflow(sa, sb, &lr);
            printf("w %u %u: %d%d%d%d%d%d%d %ld ", i, j, o1, o2, o3, o4, o5, o6, o7, lr);
            put("", r ^ (u128)sr);
        }
    printf("acc %llu\n", acc);
    return 0;
}
