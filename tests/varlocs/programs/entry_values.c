/* Parameters whose argument register is reused before the function ends:
 * after the first call they live nowhere in the callee, and only the caller
 * knows them (a constant, a callee-saved register, a spill slot, or its own
 * entry value): DW_TAG_call_site_parameter + DW_OP_entry_value. */
#include <stdio.h>

int sink;
int limit = 4; /* not a constant: the loop below stays a loop */

__attribute__((noinline)) static int leaf(int v)
{
    sink += v;
    return v * 3 + 1;
}

__attribute__((noinline)) static int mix(int count, int step)
{
    int acc = count * step;
    acc += leaf(acc);
    acc += leaf(acc + 1);                          //@ label: mixed
    return acc;                                    //@ label: mix_ret
}

/* its own parameter passed on: the call value is the caller's entry value */
__attribute__((noinline)) static int relay(int n)
{
    int r = mix(n, 4);
    r += leaf(r);                                  //@ label: relayed
    return r;
}

int main(void)
{
    int total = 0;
    int i;
    total += mix(5, 7);                            //@ label: const_args
    for (i = 1; i < limit; i++)
        total += mix(i, 10);                       //@ label: loop_args
    total += relay(6);
    printf("%d %d\n", total, sink);
    return 0;
}
//@ watch(count) at mixed: 5 1 2 3 6
//@ watch(step) at mixed: 7 10 4
//@ watch(count) at mix_ret: 5 1 2 3 6
//@ watch(n) at relayed: 6
