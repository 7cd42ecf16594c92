/* Pointers that hold a global's, a string literal's or a function's address
 * after inlining (`p = &g_table[1]`, `s = "hello, world"`, `fn = twice`): no
 * register holds them, so their location is the symbol's address, computed
 * from the pc (lldb shows a plain `DW_OP_addr` value unrelocated in a PIE, and
 * does not implement the `DW_OP_call4` gdb was given it through): `*p`, `*s`
 * print in gdb and lldb. Before, optimized out in lldb (and, earlier, in both). */
#include <stdio.h>

int g_table[4] = {3, 5, 7, 9};
int sink;

__attribute__((noinline)) static void use(int v)
{
    __asm__ volatile("" ::: "memory");
    sink += v;
}

static inline int pick(const int *p, int k)
{
    use(k);                                        //@ label: in_pick
    return p[k];
}

static inline int first(const char *s)
{
    use(s[1]);                                     //@ label: in_first
    return s[0];
}

__attribute__((noinline)) static int twice(int v)
{
    __asm__ volatile("" ::: "memory");
    return 2 * v;
}

static inline int apply(int (*fn)(int), int v)
{
    use(v);                                        //@ label: in_apply
    return fn(v);
}

int main(void)
{
    int a = pick(&g_table[1], 2);
    int b = first("hello, world");
    int c = apply(twice, 21);
    printf("%d %d %d %d\n", a, b, c, sink);
    return 0;
}
//@ watch(*p) at in_pick: 5
//@ watch(p[1]) at in_pick: 7
//@ watch(*s) at in_first: 104
//@ watch(fn == twice) at in_apply: 1
