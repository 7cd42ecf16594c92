// Memory orders as gcc treats them: constants of every kind (consume is
// acquire), orders only known at run time (treated as seq_cst, their
// expressions still evaluated), invalid ones (a warning, then seq_cst), and
// x86 HLE hint bits.
#include <stdio.h>

static int x = 1;
static int evaluated;

static int order(int o) {
    evaluated++;
    return o;
}

int main(int argc, char **argv) {
    (void)argv;
    int mo = argc + 4; /* 5 at run time */
    int a = __atomic_load_n(&x, order(__ATOMIC_ACQUIRE));
    __atomic_store_n(&x, a + 1, mo);
    int b = __atomic_fetch_add(&x, 10, order(mo - 5)); /* relaxed */
    int e = 12;
    int c = __atomic_compare_exchange_n(&x, &e, 100, 0, order(mo), order(__ATOMIC_ACQUIRE));
    __atomic_thread_fence(order(mo));
    __atomic_signal_fence(mo);
    printf("runtime %d %d %d %d evaluated %d\n", a, b, c, x, evaluated);

    int d = __atomic_load_n(&x, __ATOMIC_CONSUME);
    __atomic_store_n(&x, d * 2, __ATOMIC_SEQ_CST | __ATOMIC_HLE_RELEASE);
    int f = __atomic_exchange_n(&x, 7, __ATOMIC_ACQUIRE | __ATOMIC_HLE_ACQUIRE);
    __atomic_thread_fence(__ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_ACQ_REL);
    printf("consts %d %d %d\n", d, f, x);

    /* invalid orders: gcc warns and uses seq_cst */
    int g = __atomic_load_n(&x, __ATOMIC_RELEASE);
    __atomic_store_n(&x, g + 1, __ATOMIC_ACQUIRE);
    e = 8;
    int h = __atomic_compare_exchange_n(&x, &e, 9, 0, __ATOMIC_RELAXED, __ATOMIC_SEQ_CST);
    int i = __atomic_compare_exchange_n(&x, &e, 10, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELEASE);
    int j = __atomic_load_n(&x, 7);
    printf("invalid %d %d %d %d %d\n", g, h, i, j, x);
    return x;
}
