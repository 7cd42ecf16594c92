// Four threads hammering shared state: __atomic_fetch_add and _Atomic ++
// counters, a spin lock built on __atomic_test_and_set / __atomic_clear that
// guards a plain counter, a lock-free (Treiber) stack pushed and popped with
// compare-exchange, and release/acquire message passing. Every total is
// deterministic only if each operation really is atomic.
// LINK: -pthread
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define THREADS 4
#define ITERS 200000
#define NODES 5000

struct node {
    long value;
    struct node *next;
};

static long counter;
static _Atomic long acounter;
static atomic_uint ucounter;
static char lock_byte;
static long guarded;
static struct node *head;
static struct node pool[THREADS][NODES];
static long popped_sum[THREADS];
static long popped_count[THREADS];
static long message;
static int ready;
static long received;
static int started;

static void start_together(void) {
    __atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) % THREADS)
        ;
}

static void lock(void) {
    while (__atomic_test_and_set(&lock_byte, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(&lock_byte, __ATOMIC_RELAXED))
            ;
}

static void unlock(void) {
    __atomic_clear(&lock_byte, __ATOMIC_RELEASE);
}

static void push(struct node *n) {
    struct node *old = __atomic_load_n(&head, __ATOMIC_RELAXED);
    do
        n->next = old;
    while (!__atomic_compare_exchange_n(&head, &old, n, 1, __ATOMIC_RELEASE, __ATOMIC_RELAXED));
}

static struct node *pop(void) {
    struct node *old = __atomic_load_n(&head, __ATOMIC_ACQUIRE);
    while (old && !__atomic_compare_exchange_n(&head, &old, old->next, 0, __ATOMIC_ACQ_REL,
                                               __ATOMIC_ACQUIRE))
        ;
    return old;
}

static void *work(void *arg) {
    long id = (long)arg;
    start_together();
    for (int i = 0; i < ITERS; i++) {
        __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
        acounter++;
        atomic_fetch_add_explicit(&ucounter, 2, memory_order_relaxed);
        lock();
        guarded += 3;
        unlock();
    }
    for (int i = 0; i < NODES; i++) {
        pool[id][i].value = id * NODES + i + 1;
        push(&pool[id][i]);
    }
    return NULL;
}

static void *drain(void *arg) {
    long id = (long)arg;
    struct node *n;
    start_together();
    while ((n = pop()) != NULL) {
        popped_sum[id] += n->value;
        popped_count[id]++;
    }
    return NULL;
}

static void *consumer(void *arg) {
    (void)arg;
    while (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE))
        ;
    received = message;
    return NULL;
}

int main(void) {
    pthread_t t[THREADS], c;
    pthread_create(&c, NULL, consumer, NULL);
    for (long i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, work, (void *)i);
    message = 424242;
    __atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    pthread_join(c, NULL);
    printf("counter %ld\n", counter);
    printf("_Atomic %ld\n", (long)acounter);
    printf("stdatomic %u\n", atomic_load(&ucounter));
    printf("guarded %ld\n", guarded);
    printf("message %ld\n", received);

    long pushed = 0;
    for (struct node *n = head; n; n = n->next)
        pushed++;
    printf("pushed %ld\n", pushed);
    for (long i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, drain, (void *)i);
    long sum = 0, count = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        sum += popped_sum[i];
        count += popped_count[i];
    }
    long n = (long)THREADS * NODES;
    printf("popped %ld sum ok %d empty %d\n", count, sum == n * (n + 1) / 2, head == NULL);
    return 0;
}
