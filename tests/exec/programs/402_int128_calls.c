/* __int128 through calls: arguments in register pairs, on the stack (16-byte
   aligned, never split between a register and the stack), after and between
   other arguments, returned in rax:rdx, through function pointers, in
   recursion and through varargs. */
#include <stdarg.h>
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

static void put(const char *what, u128 v) {
    printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

#define MK(hi, lo) (((u128)(hi) << 64) | (unsigned long long)(lo))

__attribute__((noinline)) i128 sum3(i128 a, i128 b, i128 c) { return a + b - c; }

/* five longs use rdi..r8: the __int128 does not fit in r9 alone, so it goes on
   the stack and the long after it still takes r9 */
__attribute__((noinline)) u128 spill(long a, long b, long c, long d, long e, u128 x, long f) {
    return x * 3 + (u128)(a + b + c + d + e) * 1000 + (u128)f;
}

__attribute__((noinline)) i128 many(i128 a, i128 b, i128 c, i128 d, i128 e, i128 f, int g,
                                    i128 h) {
    return a ^ (b << 1) ^ (c << 2) ^ (d << 3) ^ (e << 4) ^ (f << 5) ^ g ^ (h << 7);
}

__attribute__((noinline)) double mixed(double x, i128 a, float y, u128 b, char c) {
    return x + (double)a + y + (double)b + c;
}

struct pair { long lo; long hi; };
__attribute__((noinline)) i128 from_pair(struct pair p, i128 k, struct pair q) {
    return ((i128)p.hi << 64 | (unsigned long)p.lo) + k - q.lo * (i128)q.hi;
}

static i128 fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static u128 power(u128 b, unsigned e) {
    if (e == 0)
        return 1;
    u128 h = power(b, e / 2);
    return e % 2 ? h * h * b : h * h;
}

static i128 vsum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    i128 s = 0;
    for (int i = 0; i < n; i++) {
        i128 v = va_arg(ap, i128);
        long w = va_arg(ap, long);
        s = s * 7 + v + w;
    }
    va_end(ap);
    return s;
}

static u128 vmix(int n, ...) {
    va_list ap;
    va_start(ap, n);
    u128 s = 0;
    for (int i = 0; i < n; i++) {
        int w = va_arg(ap, int);
        u128 v = va_arg(ap, u128);
        double d = va_arg(ap, double);
        s += v * (unsigned)w + (u128)d;
    }
    va_end(ap);
    return s;
}

typedef i128 (*binop)(i128, i128, i128);

int main(void) {
    volatile long k = 3;
    i128 a = MK(0x1111, 0x2222222222222222ULL) * k, b = -(i128)MK(5, 6) * k;
    put("sum3", (u128)sum3(a, b, MK(0xffff, 1)));
    put("spill", spill(1, 2, 3, 4, 5, MK(0xabcdef, 0x123456789ULL) * k, 77));
    put("many", (u128)many(1, 2, 3, 4, 5, 6, 7, MK(8, 9) * k));
    printf("mixed %.6g\n", mixed(1.5, -(i128)k << 70, 2.25f, (u128)k << 65, 'x'));
    struct pair p = {-1, 2}, q = {3, -4};
    put("from_pair", (u128)from_pair(p, MK(1, 1) * k, q));
    put("fib", (u128)fib(20 + (int)k));
    put("power", power(3, 80 + (unsigned)k));
    put("vsum", (u128)vsum(4, (i128)1, 2L, MK(3, 4), -5L, -(i128)MK(6, 7), 8L, (i128)k, 9L));
    put("vsum-deep", (u128)vsum(3, (i128)1, 2L, (i128)3, 4L, MK(5, 6), 7L));
    put("vmix", vmix(3, 1, MK(2, 3), 4.0, 5, MK(6, 7), 8.5, 9, (u128)10, 11.0));
    binop f = sum3;
    put("fptr", (u128)f(MK(1, 2), MK(3, 4), (i128)k));
    return 0;
}
