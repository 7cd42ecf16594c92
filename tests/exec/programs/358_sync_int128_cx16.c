// With cmpxchg16b (-mcx16) gcc expands the __sync_* builtins on 16-byte integers
// inline: a compare-and-swap is one lock cmpxchg16b, the read-modify-writes are
// loops around it (__sync_lock_release too). Four threads check they are atomic.
// FLAGS: -mcx16
// LINK: -pthread
#include <pthread.h>
#include <stdio.h>

typedef unsigned __int128 u128;
#define U128(hi, lo) (((u128)(hi) << 64) | (unsigned long long)(lo))

static u128 g = 5;
static __int128 sg = -1;
static u128 counter;
static u128 lock_word;
static unsigned long guarded;

static void show(const char *what, u128 v)
{
    printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

static void *work(void *arg)
{
    u128 step = U128((unsigned long)(long)arg, 1);
    for (int i = 0; i < 20000; i++) {
        __sync_fetch_and_add(&counter, step);
        while (__sync_lock_test_and_set(&lock_word, U128(1, 1)))
            ;
        guarded++;
        __sync_lock_release(&lock_word);
        u128 seen = counter, want;
        do {
            want = seen;
            seen = __sync_val_compare_and_swap(&counter, want, want + U128(1, 0));
        } while (seen != want);
    }
    return 0;
}

int main(void)
{
    show("val", __sync_val_compare_and_swap(&g, 5, U128(7, 9)));
    show("g", g);
    printf("bool %d %d\n", __sync_bool_compare_and_swap(&g, 5, 1),
           __sync_bool_compare_and_swap(&g, U128(7, 9), 2));
    show("fetch_add", __sync_fetch_and_add(&g, (u128)~0ULL));
    show("add_fetch", __sync_add_and_fetch(&g, 1));
    show("fetch_sub", __sync_fetch_and_sub(&g, 3));
    show("nand", __sync_nand_and_fetch(&g, 0xff));
    show("or", __sync_or_and_fetch(&g, (u128)1 << 100));
    show("xor", __sync_fetch_and_xor(&g, 5));
    show("and", __sync_and_and_fetch(&g, ~(u128)0 >> 1));
    show("tas", __sync_lock_test_and_set(&g, 42));
    __sync_lock_release(&g);
    show("released", g);
    show("signed", (u128)__sync_sub_and_fetch(&sg, 1));

    pthread_t t[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&t[i], 0, work, (void *)(i + 1));
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], 0);
    show("counter", counter);
    printf("guarded %lu\n", guarded);
    return 0;
}
