// gcc's __atomic_* builtins on 1, 2, 4 and 8-byte integers (signed and
// unsigned), enums, _Bool and pointers, with every memory order: values,
// old/new results, compare-exchange success and failure, and unscaled pointer
// arithmetic (gcc: "as if the operands were of the uintptr_t type").
#include <stdio.h>

enum color { RED, GREEN = 5, BLUE = 9 };

static signed char sc = -3;
static unsigned char uc = 250;
static short ss = -300;
static unsigned short us = 65000;
static int si = -100000;
static unsigned int ui = 4000000000u;
static long sl = -5000000000L;
static unsigned long ul = 18000000000000000000ul;
static _Bool flag;
static enum color col = GREEN;
static int arr[4] = {10, 20, 30, 40};
static int *ptr = arr;

#define SHOW(T, FMT, obj)                                                              \
    do {                                                                               \
        T o1 = __atomic_fetch_add(&obj, 7, __ATOMIC_SEQ_CST);                          \
        T n1 = __atomic_add_fetch(&obj, 3, __ATOMIC_RELAXED);                          \
        T o2 = __atomic_fetch_sub(&obj, 100, __ATOMIC_ACQ_REL);                        \
        T n2 = __atomic_sub_fetch(&obj, -1, __ATOMIC_RELEASE);                         \
        T o3 = __atomic_fetch_and(&obj, (T)0x5f5f5f5f5f5f5f5f, __ATOMIC_ACQUIRE);       \
        T n3 = __atomic_or_fetch(&obj, 0x30, __ATOMIC_SEQ_CST);                        \
        T o4 = __atomic_fetch_xor(&obj, 0x0ff0, __ATOMIC_CONSUME);                     \
        T n4 = __atomic_nand_fetch(&obj, (T)0x7777777777777777, __ATOMIC_SEQ_CST);      \
        T o5 = __atomic_fetch_nand(&obj, 0x1234, __ATOMIC_SEQ_CST);                    \
        T n5 = __atomic_xor_fetch(&obj, 5, __ATOMIC_SEQ_CST);                          \
        T n6 = __atomic_and_fetch(&obj, ~(T)1, __ATOMIC_SEQ_CST);                      \
        T o7 = __atomic_fetch_or(&obj, 1, __ATOMIC_SEQ_CST);                           \
        printf(#obj ": " FMT " " FMT " " FMT " " FMT " " FMT " " FMT " " FMT " " FMT   \
               " " FMT " " FMT " " FMT " " FMT " -> " FMT "\n", o1, n1, o2, n2, o3, n3,  \
               o4, n4, o5, n5, n6, o7, obj);                                           \
        T x = __atomic_exchange_n(&obj, (T)42, __ATOMIC_SEQ_CST);                      \
        T want = 41;                                                                   \
        int ok1 = __atomic_compare_exchange_n(&obj, &want, (T)43, 0, __ATOMIC_SEQ_CST,   \
                                              __ATOMIC_RELAXED);                       \
        T seen = want;                                                                 \
        int ok2 = __atomic_compare_exchange_n(&obj, &want, (T)44, 1, __ATOMIC_ACQ_REL,   \
                                              __ATOMIC_ACQUIRE);                       \
        __atomic_store_n(&obj, (T)(want + 1), __ATOMIC_RELEASE);                       \
        T l = __atomic_load_n(&obj, __ATOMIC_ACQUIRE);                                 \
        printf("  xchg " FMT " cas %d " FMT " cas %d " FMT " load " FMT "\n", x, ok1,     \
               seen, ok2, want, l);                                                    \
    } while (0)

static long *volatile vp;

int main(void) {
    SHOW(signed char, "%d", sc);
    SHOW(unsigned char, "%u", uc);
    SHOW(short, "%d", ss);
    SHOW(unsigned short, "%u", us);
    SHOW(int, "%d", si);
    SHOW(unsigned int, "%u", ui);
    SHOW(long, "%ld", sl);
    SHOW(unsigned long, "%lu", ul);

    /* _Bool: load, store, exchange, compare-exchange (no arithmetic) */
    _Bool old = __atomic_exchange_n(&flag, 1, __ATOMIC_SEQ_CST);
    _Bool exp = 1;
    int ok = __atomic_compare_exchange_n(&flag, &exp, 0, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    __atomic_store_n(&flag, 7, __ATOMIC_SEQ_CST); /* converted to 1 */
    printf("bool %d %d %d %d\n", old, ok, exp, __atomic_load_n(&flag, __ATOMIC_SEQ_CST));

    /* enums are integers */
    enum color c0 = __atomic_fetch_add(&col, 4, __ATOMIC_SEQ_CST);
    printf("enum %d %d\n", c0, __atomic_exchange_n(&col, RED, __ATOMIC_SEQ_CST));

    /* pointers: arithmetic in bytes, not elements */
    int *p0 = __atomic_fetch_add(&ptr, sizeof(int), __ATOMIC_SEQ_CST);
    int *p1 = __atomic_add_fetch(&ptr, 2 * sizeof(int), __ATOMIC_SEQ_CST);
    int *p2 = __atomic_sub_fetch(&ptr, sizeof(int), __ATOMIC_SEQ_CST);
    printf("ptr %d %d %d %td\n", *p0, *p1, *p2, __atomic_load_n(&ptr, __ATOMIC_SEQ_CST) - arr);
    int *want = arr + 2;
    printf("ptr cas %d ", __atomic_compare_exchange_n(&ptr, &want, arr + 3, 0, 5, 5));
    printf("%d\n", *__atomic_exchange_n(&ptr, arr, __ATOMIC_SEQ_CST));

    /* a volatile object and an object reached through a computed address */
    static volatile int vi = 5;
    printf("volatile %d %d\n", __atomic_fetch_add(&vi, 1, __ATOMIC_SEQ_CST), vi);
    long cells[3] = {1, 2, 3};
    vp = cells;
    for (int i = 0; i < 3; i++)
        __atomic_fetch_add(vp + i, i * 10, __ATOMIC_RELAXED);
    printf("cells %ld %ld %ld\n", cells[0], cells[1], cells[2]);

    /* the sized forms take a void pointer and give an unsigned value */
    unsigned int raw = 7;
    printf("sized %u %u %u\n", __atomic_load_4(&raw, 5), __atomic_fetch_add_4(&raw, 3, 5),
           __atomic_exchange_4(&raw, 99u, 5));
    return __atomic_load_n(&si, __ATOMIC_SEQ_CST) & 0x7f;
}
