// <stdatomic.h> as gcc ships it: the atomic_* typedefs, ATOMIC_VAR_INIT,
// atomic_init, the generic load/store/exchange/compare-exchange macros (built
// on __auto_type, __typeof__ and the generic __atomic_* builtins), fetch-ops
// with explicit orders, atomic_flag, fences, kill_dependency and the lock-free
// macros and query.
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

static atomic_int counter = ATOMIC_VAR_INIT(10);
static atomic_ullong big;
static atomic_bool ready;
static atomic_flag guard = ATOMIC_FLAG_INIT;
static _Atomic(double) dval = 2.5;
static _Atomic(struct pair { int a, b; }) pairv;

struct node { int v; struct node *next; };
static _Atomic(struct node *) head;

int main(void) {
    atomic_init(&big, 1ull << 33);
    atomic_store(&counter, atomic_load(&counter) + 5);
    int o1 = atomic_fetch_add(&counter, 3);
    int o2 = atomic_fetch_sub_explicit(&counter, 1, memory_order_relaxed);
    int o3 = atomic_fetch_or(&counter, 0x40);
    int o4 = atomic_fetch_and_explicit(&counter, 0x4f, memory_order_acq_rel);
    int o5 = atomic_fetch_xor(&counter, 1);
    printf("%d %d %d %d %d %d\n", o1, o2, o3, o4, o5, atomic_load(&counter));

    int expected = 0;
    bool ok = atomic_compare_exchange_strong(&counter, &expected, 1);
    int now = atomic_load_explicit(&counter, memory_order_acquire);
    printf("strong %d %d %d\n", ok, expected, now);
    int tries = 0;
    do {
        tries++;
    } while (!atomic_compare_exchange_weak_explicit(&counter, &expected, expected * 2,
                                                    memory_order_release, memory_order_relaxed));
    printf("weak %d %d %d\n", tries > 0, expected, atomic_load(&counter));

    unsigned long long was = atomic_exchange(&big, 7ull);
    printf("xchg %llu %llu\n", was, atomic_load(&big));
    atomic_store_explicit(&ready, true, memory_order_release);
    printf("ready %d\n", atomic_load_explicit(&ready, memory_order_acquire));

    bool f1 = atomic_flag_test_and_set(&guard);
    bool f2 = atomic_flag_test_and_set_explicit(&guard, memory_order_acquire);
    atomic_flag_clear_explicit(&guard, memory_order_release);
    bool f3 = atomic_flag_test_and_set(&guard);
    printf("flag %d %d %d\n", f1, f2, f3);

    /* floating point and struct objects go through the generic forms */
    double d = atomic_exchange(&dval, 4.0);
    double want = 4.0;
    ok = atomic_compare_exchange_strong(&dval, &want, 8.5);
    printf("double %g %d %g\n", d, ok, atomic_load(&dval));
    struct pair pv = {3, 4};
    atomic_store(&pairv, pv);
    struct pair got = atomic_load(&pairv);
    struct pair prev = atomic_exchange(&pairv, ((struct pair){5, 6}));
    struct pair last = atomic_load(&pairv);
    printf("pair %d %d %d %d %d %d\n", got.a, got.b, prev.a, prev.b, last.a, last.b);

    /* a Treiber stack, single-threaded */
    static struct node nodes[4];
    for (int i = 0; i < 4; i++) {
        nodes[i].v = i * i;
        struct node *h = atomic_load(&head);
        do
            nodes[i].next = h;
        while (!atomic_compare_exchange_weak(&head, &h, &nodes[i]));
    }
    int sum = 0;
    for (struct node *n = atomic_load(&head); n; n = n->next)
        sum = sum * 10 + n->v;
    printf("stack %d\n", kill_dependency(sum));

    atomic_thread_fence(memory_order_seq_cst);
    atomic_thread_fence(memory_order_acquire);
    atomic_signal_fence(memory_order_seq_cst);
    printf("lock-free %d %d %d %d %d %d\n", ATOMIC_INT_LOCK_FREE, ATOMIC_LLONG_LOCK_FREE,
           ATOMIC_POINTER_LOCK_FREE, ATOMIC_BOOL_LOCK_FREE, atomic_is_lock_free(&counter),
           atomic_is_lock_free(&pairv));
    return atomic_load(&counter) & 0xff;
}
