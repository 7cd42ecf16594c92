/* An inlined function's pointer parameter that holds the address of a member or
 * element of a local kept in memory (`p = &pair.hi`, `p = &arr[2]`; both escape
 * to `observe`): after inlining it is the
 * frame object's address plus a constant, which isel folds into each access's
 * addressing mode, so no register ever holds it. The location is that address
 * (DW_OP_fbreg N+off, DW_OP_stack_value), so `*p` prints in gdb and lldb.
 * Before: optimized out (the folded `ptradd` left no value to describe). */
#include <stdio.h>

struct pair { int lo, hi; };
int sink;

__attribute__((noinline)) static int use(int v)
{
    __asm__ volatile("" ::: "memory");
    sink += v;
    return v;
}

__attribute__((noinline)) static int observe(const struct pair *pp, const int *a)
{
    __asm__ volatile("" ::: "memory");
    return pp->lo + a[3];
}

static inline int bump(int *p, int k)
{
    use(k);                                        //@ label: in_bump
    *p += k;
    return *p;
}

__attribute__((noinline)) static int work(int a)
{
    struct pair pair = {a, a * 3};
    int arr[4] = {a, a + 1, a + 2, a + 3};
    int r = observe(&pair, arr);
    r += bump(&pair.hi, 1);
    r += bump(&arr[2], 2);
    use(observe(&pair, arr) + pair.hi + arr[2]);
    return r;
}

int main(void)
{
    printf("%d %d\n", work(4), sink);
    return 0;
}
//@ watch(*p) at in_bump: 12 6
