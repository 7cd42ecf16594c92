/* A loop whose header comes before its entry test in the layout (the guard of a
 * rotated `while` inside an `if`): isel lowers the header before any jump into it,
 * so its parameters' registers are numbered at their first use there, a select
 * that takes its destination register first. test_debug_blind_ir.py. */
#include <stdio.h>

struct queue {
    unsigned pending;
    unsigned sent;
    int direct;
    int chunks;
};

__attribute__((noinline)) static int emit(unsigned n)
{
    __asm__ volatile("" : "+r"(n));
    return (int)(n % 1000u);
}

__attribute__((noinline)) static int drain(struct queue *q, unsigned cap)
{
    if (q->direct) {
        while (q->pending) {
            unsigned put = q->pending > cap ? cap : q->pending;
            int done = emit(put);
            if (done < 0)
                return -1;
            q->pending -= put;
            q->sent += put;
            q->chunks++;
        }
        return 0;
    }
    q->sent += q->pending;
    q->pending = 0;
    return 1;
}

int main(void)
{
    struct queue q = {2500, 0, 1, 0};
    int r = drain(&q, 1000);
    printf("%d %u %u %d\n", r, q.pending, q.sent, q.chunks);
    return 0;
}
