// 16-byte atomics as gcc 12 compiles them without inlining (never lock-free):
// the __atomic_* value, sized and generic forms on __int128 and 16-byte structs,
// _Atomic __int128 objects (load, store, fetch-op and compare-exchange-loop
// operators) and _Atomic 16-byte structs, all through libatomic's _16 entry
// points, from several threads at once; and the lock-free queries.
// LINK: -latomic -pthread
#include <pthread.h>
#include <stdio.h>

typedef unsigned __int128 u128;
#define U128(hi, lo) (((u128)(hi) << 64) | (unsigned long long)(lo))

struct pair { long lo, hi; };
struct bytes { unsigned char b[16]; };

static u128 g = U128(0x0123456789abcdefULL, 0xfedcba9876543210ULL);
static __int128 sg = -3;
static struct pair pr = {1, 2};
static struct bytes by;
static _Atomic u128 ag = 7;
static _Atomic __int128 asg;
static _Atomic struct pair apr = {10, 20};
static u128 counter;
static _Atomic u128 acounter;

static void show(const char *what, u128 v)
{
    printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

static void *work(void *arg)
{
    u128 step = U128(1, 1) * (unsigned long)(long)arg;
    for (int i = 0; i < 20000; i++) {
        __atomic_fetch_add(&counter, step, __ATOMIC_RELAXED);
        acounter += 1;
        acounter *= 1;  /* a compare-exchange loop */
    }
    return 0;
}

int main(void)
{
    show("load", __atomic_load_n(&g, __ATOMIC_ACQUIRE));
    __atomic_store_n(&g, U128(1, 2), __ATOMIC_RELEASE);
    show("stored", g);
    show("xchg", __atomic_exchange_n(&g, 5, __ATOMIC_SEQ_CST));
    u128 e = 4;
    int ok = __atomic_compare_exchange_n(&g, &e, 6, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
    printf("cas %d ", ok);
    show("expected", e);
    ok = __atomic_compare_exchange_n(&g, &e, U128(~0ULL, 6), 1, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    printf("cas %d ", ok);
    show("now", g);
    show("fetch_add", __atomic_fetch_add(&g, U128(0, ~0ULL), __ATOMIC_SEQ_CST));
    show("add_fetch", __atomic_add_fetch(&g, 1, __ATOMIC_SEQ_CST));
    show("fetch_sub", __atomic_fetch_sub(&g, U128(1, 0), __ATOMIC_SEQ_CST));
    show("and_fetch", __atomic_and_fetch(&g, U128(0xff, 0xff), __ATOMIC_SEQ_CST));
    show("nand_fetch", __atomic_nand_fetch(&g, 0x0f, __ATOMIC_SEQ_CST));
    show("fetch_or", __atomic_fetch_or(&g, 1, __ATOMIC_RELAXED));
    show("xor_fetch", __atomic_xor_fetch(&g, U128(1ULL << 63, 0), __ATOMIC_SEQ_CST));
    show("sized", __atomic_load_16(&g, __ATOMIC_SEQ_CST));
    show("signed", (u128)__atomic_sub_fetch(&sg, 10, __ATOMIC_SEQ_CST));
    printf("negative %d\n", __atomic_fetch_or(&sg, 1, __ATOMIC_SEQ_CST) < 0);

    struct pair r, n = {7, 8}, want = {7, 8}, bad = {0, 0};
    __atomic_load(&pr, &r, __ATOMIC_SEQ_CST);
    __atomic_exchange(&pr, &n, &r, __ATOMIC_SEQ_CST);
    printf("pair %ld %ld now %ld %ld\n", r.lo, r.hi, pr.lo, pr.hi);
    struct pair d = {9, 10};
    printf("pair cas %d", __atomic_compare_exchange(&pr, &bad, &d, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    printf(" %ld %ld", bad.lo, bad.hi);
    printf(" %d %ld %ld\n", __atomic_compare_exchange(&pr, &want, &d, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST),
           pr.lo, pr.hi);
    struct bytes bn;
    for (int i = 0; i < 16; i++)
        bn.b[i] = (unsigned char)(i * 17);
    __atomic_store(&by, &bn, __ATOMIC_SEQ_CST);
    printf("bytes %d %d\n", by.b[3], by.b[15]);

    show("atomic init", ag);
    ag = U128(3, 5);
    show("atomic +=", ag += 10);
    show("atomic *=", ag *= 3);
    show("atomic ++", ag++);
    show("atomic --", --ag);
    show("atomic <<=", ag <<= 65);
    asg = -100;
    asg /= 7;
    show("atomic /=", (u128)asg);
    printf("atomic neg %d\n", asg < 0);
    struct pair p2 = apr;
    apr = (struct pair){p2.hi + 1, p2.lo + 1};
    p2 = apr;
    printf("atomic pair %ld %ld\n", p2.lo, p2.hi);

    pthread_t t[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&t[i], 0, work, (void *)(i + 1));
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], 0);
    show("threads", counter);
    show("threads atomic", acounter);

    printf("lock free %d %d %d\n", __atomic_always_lock_free(16, 0),
           __atomic_always_lock_free(sizeof(u128), &g), __atomic_is_lock_free(16, &g) == __atomic_is_lock_free(16, 0));
    return 0;
}
