/* Variables whose own computation dead-code elimination removed: their
 * records are salvaged into an expression over a value that survives
 * (y = x + 5 -> x, DW_OP_plus_uconst 5, DW_OP_stack_value), and the back end
 * keeps that expression through to the location list, over a register, a
 * spill slot or an entry value. */
#include <stdio.h>

int sink;

__attribute__((noinline)) static int leaf(int v)
{
    sink += v;
    return v + 1;
}

__attribute__((noinline)) static int work(int x, int k)
{
    int y = x + 5;
    int z = x * 3;
    int w = x - 9;
    int s = k << 2;
    sink += k;                                     //@ label: after_sink
    sink += leaf(k);                               //@ label: after_leaf
    return k;                                      //@ label: ret
}

int main(void)
{
    int t = 0;
    int i;
    for (i = 0; i < 3; i++)
        t += work(i + 10, i);
    printf("%d %d\n", t, sink);
    return 0;
}
//@ watch(y) at after_sink: 15 16 17
//@ watch(z) at after_sink: 30 33 36
//@ watch(w) at after_sink: 1 2 3
//@ watch(s) at after_sink: 0 4 8
//@ watch(y) at ret: 15 16 17
//@ watch(s) at ret: 0 4 8
