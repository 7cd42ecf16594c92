/* A parameter whose register is reused for its value plus a constant: `b = a + 7`
 * computed in a's register (or copied and incremented), with no other copy of a
 * and no call-site value to resolve a's entry value (the caller passes a value
 * loaded from memory). a is described as that register minus 7 while it holds
 * the sum; before, a was optimized out from the add on. */
#include <stdio.h>

int g_seed = 5;
int sink;

__attribute__((noinline)) static void use(int v)
{
    __asm__ volatile("" ::: "memory");
    sink += v;
}

__attribute__((noinline)) static int shifted(int a)
{
    int b = a + 7;
    use(b);                                        //@ label: used
    use(b * 3);                                    //@ label: used_again
    return b;                                      //@ label: returned
}

int main(void)
{
    printf("%d %d\n", shifted(g_seed), sink);
    return 0;
}
//@ watch(a) at used: 5
//@ watch(a) at used_again: 5
//@ watch(a) at returned: 5
