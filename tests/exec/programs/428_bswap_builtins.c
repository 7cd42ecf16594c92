/* __builtin_bswap16/32/64 and gcc 11's __builtin_bswap128: constant operands fold in
   the front end (constant expressions: static initialisers, _Static_assert,
   __builtin_constant_p), other operands are swapped at run time and evaluated once. */
#include <stdio.h>

typedef unsigned __int128 u128;

#define U128(hi, lo) (((u128)(hi) << 64) | (unsigned long long)(lo))

static const u128 folded = __builtin_bswap128(U128(0x0102030405060708ULL, 0x090a0b0c0d0e0f10ULL));
static const unsigned long long folded64 = __builtin_bswap64(0x1122334455667788ULL);
static const unsigned folded32 = __builtin_bswap32(0xdeadbeefu);
static const unsigned short folded16 = __builtin_bswap16(0xabcd);
static int table[__builtin_bswap32(1u) >> 22];

_Static_assert(__builtin_bswap128((u128)1) == (u128)1 << 120, "bswap128 folds");
_Static_assert(__builtin_bswap16(-2) == 0xfeff, "signed operand converted first");

static void show(const char *what, u128 v)
{
    printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

__attribute__((noinline)) static u128 swap128(u128 x) { return __builtin_bswap128(x); }
__attribute__((noinline)) static unsigned long long swap64(unsigned long long x) { return __builtin_bswap64(x); }

static int calls;
static u128 next_value(void)
{
    calls++;
    return U128(0xfedcba9876543210ULL, 0x0011223344556677ULL) + calls;
}

int main(void)
{
    show("folded", folded);
    printf("%llx %x %x %zu\n", folded64, folded32, folded16, sizeof table / sizeof table[0]);
    volatile u128 v = U128(0x1122334455667788ULL, 0x99aabbccddeeff00ULL);
    show("runtime", swap128(v));
    show("twice", __builtin_bswap128(__builtin_bswap128(v)));
    show("once", __builtin_bswap128(next_value()));
    printf("calls %d\n", calls);
    volatile unsigned long long w = 0x0123456789abcdefULL;
    volatile unsigned x = 0x89abcdefu;
    volatile unsigned short h = 0x1234;
    volatile int neg = -5;
    printf("%llx %x %x %x\n", swap64(w), __builtin_bswap32(x), __builtin_bswap16(h),
           __builtin_bswap32(neg));
    show("sign", __builtin_bswap128((__int128)neg));
    printf("%d %d %d\n", __builtin_constant_p(__builtin_bswap128((u128)5)),
           __builtin_constant_p(__builtin_bswap64(7)), __builtin_constant_p(__builtin_bswap128(v)));
    u128 acc = 0;
    for (int i = 0; i < 8; i++)
        acc ^= __builtin_bswap128(v + i) >> i;
    show("loop", acc);
    return 0;
}
