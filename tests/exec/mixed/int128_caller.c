/* The caller side of the __int128 ABI test: every argument placement and
   return convention, printed as hex halves. */
#include <stdio.h>

#include "int128_abi.h"

static void put(const char *what, u128 v) {
    printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

#define MK(hi, lo) (((u128)(hi) << 64) | (unsigned long long)(lo))

static i128 back(i128 a, long k, i128 b) { return a * k - b; }

int main(void) {
    volatile long k = 3;
    i128 a = (i128)MK(0x1111222233334444ULL, 0x5555666677778888ULL) * k;
    u128 b = MK(0xfedcba9876543210ULL, 0x0123456789abcdefULL) + (u128)k;
    put("add2", (u128)add2(a, -(i128)b));
    put("after5", after5(1, 2, 3, 4, 5, b, 6));
    put("all_stack", (u128)all_stack(1, 2, 3, a, (i128)b, -7, a + 1));
    printf("with_floats %.17g\n", with_floats(0.5, a >> 40, 1.25f, b >> 30, -9, 2.0));
    struct wrap w = {a};
    put("wrapped", (u128)wrapped(w, (i128)k).v);
    struct tagged t = {-5, a};
    struct halves h = {7, -8};
    put("tagged_sum", (u128)tagged_sum(t, h, (i128)k << 65));
    struct halves s = split(b);
    printf("split %lx %lx\n", s.lo, s.hi);
    put("vsum", (u128)vsum(3, 1L, a, 2L, (i128)b, 3L, (i128)-k));
    put("vsum_deep", (u128)vsum(4, 1L, (i128)1, 2L, (i128)2, 3L, a, 4L, (i128)b));
    put("call_back", (u128)call_back(back, a));
    return 0;
}
