/* __int128 in memory: struct members (16-byte alignment, layout, padding),
   arrays, static and automatic initialisers, constant expressions, unions,
   struct copies and struct arguments/returns holding an __int128. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef __int128 i128;
typedef unsigned __int128 u128;
typedef __int128_t s128t;
typedef __uint128_t u128t;

static void put(const char *what, u128 v) {
    printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

#define MK(hi, lo) (((u128)(hi) << 64) | (unsigned long long)(lo))

struct rec { char tag; i128 value; short n; };
struct two { u128 a; u128 b; };
struct small { i128 v; };
union pun { u128 whole; unsigned long long half[2]; unsigned char bytes[16]; };

static const u128 powers[] = {1, 10, 100, MK(0, 10000000000000000000ULL), MK(5, 0x6bc75e2d63100000ULL),
                              (u128)1 << 127, ~(u128)0, -(u128)1 / 3};
static struct rec recs[3] = {{'a', -1, 1}, {'b', MK(0x10, 0x20), 2}, {'c', (i128)-5 << 90, 3}};
static i128 neg = -12345678901234567;
static u128 shifted = (u128)0xfeed << 100 | 0xbeef;
static s128t alias1 = 42;
static u128t alias2 = (u128t)7 * 9;
static u128 zero;
static i128 *ptr = &recs[1].value;
static struct two twos[2] = {{1, 2}, [1].b = MK(3, 4)};
static const i128 folded = (i128)0x7fffffffffffffffLL * 0x7fffffffffffffffLL + ((i128)1 << 126) / 3 % 1000000007;

static struct small make(long x) { struct small s = {(i128)x * x * x}; return s; }
static struct two swap(struct two t) { struct two r = {t.b, t.a}; return r; }

int main(void) {
    printf("sizes %zu %zu %zu %zu %zu\n", sizeof(i128), sizeof(u128), sizeof(struct rec),
           sizeof(struct two), sizeof(union pun));
    printf("aligns %zu %zu %zu\n", _Alignof(i128), _Alignof(struct rec), _Alignof(struct small));
    printf("offsets %zu %zu\n", offsetof(struct rec, value), offsetof(struct rec, n));
    for (unsigned i = 0; i < sizeof powers / sizeof powers[0]; i++)
        put("pow", powers[i]);
    for (int i = 0; i < 3; i++) {
        printf("rec %c %d ", recs[i].tag, recs[i].n);
        put("", (u128)recs[i].value);
    }
    put("neg", (u128)neg);
    put("shifted", shifted);
    put("alias", (u128)alias1 + alias2);
    put("zero", zero);
    put("ptr", (u128)*ptr);
    put("twos", twos[0].a + twos[0].b + twos[1].a + twos[1].b);
    put("folded", (u128)folded);
    i128 local[4] = {1, -2, MK(3, 3)};
    local[3] = local[0] - local[1] * local[2];
    for (int i = 0; i < 4; i++)
        put("local", (u128)local[i]);
    union pun u;
    u.whole = MK(0x0102030405060708ULL, 0x090a0b0c0d0e0f10ULL);
    printf("pun %llx %llx %d %d\n", u.half[0], u.half[1], u.bytes[0], u.bytes[15]);
    u.half[1] = 0xffffffffffffffffULL;
    put("pun2", u.whole);
    struct rec r = recs[2];
    r.value += 1;
    recs[0] = r;
    put("copy", (u128)recs[0].value);
    put("make", (u128)make(-1234567).v);
    struct two t = swap(twos[1]);
    put("swap", t.a);
    put("swap", t.b);
    u128 buf[2];
    memcpy(buf, &twos[1], sizeof buf);
    put("memcpy", buf[1]);
    i128 *p = &local[1];
    *p <<= 3;
    p[1] = ~p[1];
    put("via ptr", (u128)local[1] ^ (u128)local[2]);
    return 0;
}
