/* An inlined function's pointer parameter that holds a local's address (`p = &x`):
 * after inlining it is the frame object's address, which no register holds; the
 * location is that address (DW_OP_fbreg N, DW_OP_stack_value), so `*p` prints. */
#include <stdio.h>

int sink;

__attribute__((noinline)) static int use(int v)
{
    __asm__ volatile("" ::: "memory");
    sink += v;
    return v;
}

static inline int bump(int *p, int k)
{
    use(k);                                        //@ label: in_bump
    *p += k;
    return *p;
}

__attribute__((noinline)) static int work(int a)
{
    int local = a * 3;
    int r = bump(&local, 1);
    r += bump(&local, 2);
    use(local);
    return r;
}

int main(void)
{
    printf("%d %d\n", work(4), sink);
    return 0;
}
//@ watch(*p) at in_bump: 12 13
