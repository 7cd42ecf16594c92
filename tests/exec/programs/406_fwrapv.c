// FLAGS: -fwrapv
/* -fwrapv: signed addition, subtraction and multiplication wrap. Each result
   below depends on it; gcc -O2 without the flag computes some of them
   differently (tests/exec/test_semantics_flags.py checks that too). */
#include <limits.h>
#include <stdio.h>

static volatile int flag[2] = {1, 0};

/* a signed counter that wraps: the induction variable for (long)i * 3 must
   jump back with i, not keep growing in 64 bits */
__attribute__((noinline)) long scaled(int start, int stop) {
    long s = 0;
    for (int i = start;; i++) {
        if (flag[i & 1])
            s += (long)i * 3;
        else
            s -= (long)i * 5;
        if (i == stop)
            break;
    }
    return s;
}

/* the same shape with an unsigned counter read as int: no flag needed, the
   conversion wraps in gcc's implementation-defined way */
__attribute__((noinline)) long scaled_unsigned(unsigned start, unsigned stop) {
    long s = 0;
    for (unsigned u = start;; u++) {
        if (flag[u & 1])
            s += (long)(int)u * 3;
        else
            s -= (long)(int)u * 7;
        if (u == stop)
            break;
    }
    return s;
}

__attribute__((noinline)) int grows(int x) { return x + 1 > x; }
__attribute__((noinline)) int shrinks(long x) { return x - 1 < x; }
__attribute__((noinline)) int twice_positive(int x) { return x > 0 && x * 2 > 0; }

int main(void) {
    volatile int big = INT_MAX - 3;
    volatile long lbig = LONG_MIN;
    printf("scaled %ld %ld\n", scaled(big, INT_MIN + 2), scaled(-10, 10));
    printf("scaled_unsigned %ld\n", scaled_unsigned(0x7ffffffdu, 0x80000003u));
    printf("grows %d %d\n", grows(big), grows(big + 3));
    printf("shrinks %d %d\n", shrinks(0), shrinks(lbig));
    printf("twice %d %d\n", twice_positive(5), twice_positive(big));
    printf("fold %d %d %ld\n", INT_MAX + 1, INT_MIN - 1, LONG_MAX * 2);
    int m = big;
    m *= 7;
    m += INT_MAX;
    printf("m %d\n", m);
    __int128 w = (__int128)(((unsigned __int128)1 << 127) - 1);
    volatile __int128 vw = w;
    printf("i128 %d\n", (int)((vw + 1) >> 120));
    return 0;
}
