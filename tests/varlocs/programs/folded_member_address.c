/* A pointer to a member of what a parameter points to, `p = &o->in`, used only
 * through memory operands (isel folds the add into 64(%rdi) and 68(%rdi), and
 * dead-defs deletes the `lea` it had also made): p is o's register plus 64
 * (dead_def_salvage.py), as long as some location holds o. Before, optimized
 * out everywhere ("computation removed by code generation"). */
#include <stdio.h>

struct inner {
    int a;
    int b;
};

struct outer {
    long pad[8];
    struct inner in;
};

int sink;

__attribute__((noinline)) static void use(int v)
{
    __asm__ volatile("" ::: "memory");
    sink += v;
}

__attribute__((noinline)) static int peek(struct outer *o)
{
    struct inner *p = &o->in;
    int r = p->a * 3;
    use(r);                                        //@ label: after_read
    use(p->b);                                     //@ label: second_read
    return r + p->b;
}

int main(void)
{
    static struct outer box = {{0}, {7, 11}};
    printf("%d %d\n", peek(&box), sink);
    return 0;
}
//@ watch(p->a) at after_read: 7
//@ watch(p->b) at after_read: 11
//@ watch(p->b) at second_read: 11
