/* Thread-local storage: every thread has its own copy of each variable.
   Built with tls_other.c, which defines `other_tls` (extern here). */
#include <pthread.h>
#include <stdio.h>

__thread int counter = 5;
_Thread_local long table[4] = {1, 2, 3, 4};
static __thread int hits;
static __thread const char *label = "main";
extern __thread int other_tls;
__thread struct { int a; char name[8]; } record = {9, "rec"};

int *counter_addr(void) { return &counter; }
int other_bump(int by);

static void *work(void *arg)
{
    int id = (int)(long)arg;
    static __thread int calls = 100;
    static const char *const names[] = {"t0", "t1", "t2", "t3", "t4"};
    label = names[id];
    for (int i = 0; i < 1000; i++) {
        counter += id;
        hits++;
        table[i & 3] += i % (id + 2);
    }
    calls += id;
    record.a += id;
    int o = other_bump(id);
    printf("%s: counter=%d hits=%d table=%ld,%ld,%ld,%ld calls=%d rec=%d,%s other=%d own=%d\n",
           label, counter, hits, table[0], table[1], table[2], table[3], calls, record.a,
           record.name, o, counter_addr() == &counter);  /* gdb: in the thread */
    return (void *)(long)counter;
}

int main(void)
{
    pthread_t t[4];
    void *ret[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, work, (void *)(i + 1));
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], &ret[i]);
    long sum = 0;
    for (int i = 0; i < 4; i++)
        sum += (long)ret[i];
    printf("joined sum=%ld\n", sum);
    work((void *)0);
    printf("main: counter=%d label=%s other=%d\n", counter, label, other_tls);
    return 0;
}
