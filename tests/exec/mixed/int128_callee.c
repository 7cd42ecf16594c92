/* The callee side of the __int128 ABI test: each function mixes its arguments
   so that a misplaced half changes the result. */
#include "int128_abi.h"

i128 add2(i128 a, i128 b) { return a * 3 + b; }

u128 after5(long a, long b, long c, long d, long e, u128 x, long f) {
    return x * 7 + (u128)(a + 2 * b + 3 * c + 4 * d + 5 * e) * 1000 + (u128)f;
}

i128 all_stack(i128 a, i128 b, i128 c, i128 d, i128 e, long f, i128 g) {
    return a ^ (b << 1) ^ (c << 2) ^ (d << 3) ^ (e << 4) ^ (i128)f ^ (g << 6);
}

double with_floats(double x, i128 a, float y, u128 b, int c, double z) {
    return x + (double)a + y + (double)b + c + z;
}

struct wrap wrapped(struct wrap w, i128 k) {
    struct wrap r = {w.v * k - 1};
    return r;
}

i128 tagged_sum(struct tagged t, struct halves h, i128 k) {
    return t.v + t.tag + ((i128)h.hi << 64 | (unsigned long)h.lo) * k;
}

struct halves split(u128 x) {
    struct halves h = {(long)x, (long)(x >> 64)};
    return h;
}

i128 vsum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    i128 s = 0;
    for (int i = 0; i < n; i++) {
        long w = va_arg(ap, long);
        i128 v = va_arg(ap, i128);
        s = s * 5 + v - w;
    }
    va_end(ap);
    return s;
}

i128 call_back(i128 (*f)(i128, long, i128), i128 x) {
    return f(x, 3, x + 1) + f(-x, 4, x << 1);
}
