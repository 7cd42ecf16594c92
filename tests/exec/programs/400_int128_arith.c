/* __int128 arithmetic: every operator, signed and unsigned, on values the
   optimiser cannot see (read through a volatile table) and on constants. */
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

static void put(const char *what, u128 v) {
    printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

#define MK(hi, lo) (((u128)(hi) << 64) | (unsigned long long)(lo))

static volatile u128 table[] = {
    0, 1, 2, 3, 7, 10, 63, 64, 65, 127,
    MK(0, 0xffffffffffffffffULL), MK(1, 0), MK(0x8000000000000000ULL, 0),
    MK(0x7fffffffffffffffULL, 0xffffffffffffffffULL), MK(0xffffffffffffffffULL, 0xffffffffffffffffULL),
    MK(0x0123456789abcdefULL, 0xfedcba9876543210ULL), MK(0xdeadbeefcafebabeULL, 0x1122334455667788ULL),
    MK(0xffffffffffffffffULL, 0xfffffffffffffffbULL), MK(0, 0x8000000000000000ULL),
    MK(0x00000000ffffffffULL, 0x00000000ffffffffULL),
};
#define N (sizeof table / sizeof table[0])

int main(void) {
    unsigned long long checks = 0;
    for (unsigned i = 0; i < N; i++) {
        for (unsigned j = 0; j < N; j++) {
            u128 a = table[i], b = table[j];
            i128 sa = (i128)a, sb = (i128)b;
            put("add", a + b);
            put("sub", a - b);
            put("mul", a * b);
            put("smul", (u128)(sa * sb));
            put("and", a & b);
            put("or", a | b);
            put("xor", a ^ b);
            if (b != 0) {
                put("udiv", a / b);
                put("umod", a % b);
                if (!(sb == -1 && sa == (i128)MK(0x8000000000000000ULL, 0))) {
                    put("sdiv", (u128)(sa / sb));
                    put("smod", (u128)(sa % sb));
                }
            }
            unsigned n = (unsigned)(b & 127);
            put("shl", a << n);
            put("lshr", a >> n);
            put("ashr", (u128)(sa >> n));
            printf("cmp %d %d %d %d %d %d | %d %d %d %d\n", a == b, a != b, a < b, a <= b,
                   a > b, a >= b, sa < sb, sa <= sb, sa > sb, sa >= sb);
            checks++;
        }
        u128 a = table[i];
        i128 sa = (i128)a;
        put("not", ~a);
        put("neg", -a);
        put("inc", a + 1);
        put("dec", a - 1);
        put("shl1", a << 1);
        put("shl63", a << 63);
        put("shl64", a << 64);
        put("shl100", a << 100);
        put("lshr1", a >> 1);
        put("lshr64", a >> 64);
        put("lshr127", a >> 127);
        put("ashr5", (u128)(sa >> 5));
        put("ashr64", (u128)(sa >> 64));
        put("ashr70", (u128)(sa >> 70));
        put("ashr127", (u128)(sa >> 127));
        put("mul10", a * 10);
        put("div10", a / 10);
        put("mod10", a % 10);
        put("sdiv7", (u128)(sa / 7));
        put("smod7", (u128)(sa % -7));
        put("udiv_pow2", a / 4096);
        put("umod_pow2", a % 4096);
        printf("bool %d %d %d\n", !a, a ? 1 : 0, sa < 0);
    }
    /* compound assignment and increments */
    i128 x = 1;
    for (int k = 0; k < 130; k++) {
        x *= 3;
        x ^= k;
        x += (i128)k << (k % 100);
        x >>= 1;
        x -= 5;
        x++;
    }
    put("loop", (u128)x);
    u128 f = 1;
    for (unsigned k = 1; k <= 34; k++)
        f *= k;
    put("fact34", f);
    printf("checks %llu\n", checks);
    return 0;
}
