/* undo_add.c across block entries: `b = a + 7` is computed in a's copy, so from
 * the loop on only b's register minus 7 gives a (the caller passes a value loaded
 * from memory: no call-site value resolves a's entry value). Every block entry
 * locates a's value again; it must also look for a location holding it plus a
 * constant (ldv/derived.py), not only at the clobber. Before, a was optimized out
 * from the loop head on. */
#include <stdio.h>

int g_seed = 5;
int g_count = 3;
int sink;

__attribute__((noinline)) static void use(int v)
{
    __asm__ volatile("" ::: "memory");
    sink += v;
}

__attribute__((noinline)) static int shifted(int a, int n)
{
    int b = a + 7;
    int i;
    for (i = 0; i < n; i++)
        use(b * i);                                //@ label: loop_body
    return b;                                      //@ label: returned
}

int main(void)
{
    printf("%d %d\n", shifted(g_seed, g_count), sink);
    return 0;
}
//@ watch(a) at loop_body: 5
//@ watch(a) at returned: 5
