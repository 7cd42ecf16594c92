/* Parameters passed on the stack (the seventh and eighth integer arguments):
 * each is loaded from the caller's argument slot into a register that is reused
 * once the check is done, and the function never writes the slot. The slot still
 * holds the value, so the parameters are described there (DW_OP_fbreg 0 and 8,
 * codegen/debuginfo/incoming_args.py) across the later calls; before, both were
 * optimized out from their register's reuse on. */
#include <stdio.h>

int sink;

__attribute__((noinline)) static long use(long v)
{
    __asm__ volatile("" ::: "memory");
    sink += (int)v;
    return v;
}

__attribute__((noinline)) static long check(long a, long b, long c, long d, long e, long f,
                                            const char *tag, int size)
{
    if (tag[0] != 'v' || size != 88)
        return -1;
    long t = use(a) + use(b);                      //@ label: first
    t += use(c) + use(d);                          //@ label: second
    t += use(e) + use(f);                          //@ label: third
    t += use(t);                                   //@ label: fourth
    return t;
}

int main(void)
{
    printf("%ld %d\n", check(1, 2, 3, 4, 5, 6, "v1", 88), sink);
    return 0;
}
//@ watch(size) at first: 88
//@ watch(size) at second: 88
//@ watch(size) at third: 88
//@ watch(size) at fourth: 88
//@ watch(*tag) at second: 118
//@ watch(*tag) at fourth: 118
