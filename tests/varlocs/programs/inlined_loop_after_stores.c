/* An inlined call whose body is a loop, right after the caller fills a local
   struct: the callee's set-up code (its pointer, its counter) must stay at the
   end of the caller's code, inside the inlined instance. When the scheduler
   hoisted it among the caller's stores, the loop header became the first
   address of the instance, and gdb and lldb took every jump back to it for a
   new call: each iteration stopped at the call line, where the caller's
   struct already showed the call's work (a value it never has at that line). */
#include <stdio.h>

enum op { ADD, DOUBLE, STOP };

struct tally {
    int cells[6];
    int used;
    unsigned steps;
};

static const enum op g_ops[] = {ADD, ADD, DOUBLE, ADD, DOUBLE, STOP};

static int run(struct tally *t, const enum op *ops)
{
    int pc = 0;
    for (;;) {
        enum op o = ops[pc++];
        t->steps++;
        switch (o) {
        case ADD: t->cells[t->used++] = pc; break;
        case DOUBLE: t->cells[t->used - 1] *= 2; break;
        case STOP: return t->used;
        }
    }
}

int main(void)
{
    struct tally box = {{0}, 0, 0};
    int n = run(&box, g_ops);
    printf("%d %d %d %u\n", n, box.cells[0], box.cells[2], box.steps);
    return 0;
}
