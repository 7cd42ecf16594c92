/* Call-site values of arguments a 32-bit move zero-extends: the callee's entry
 * value reads the whole 64-bit register, while the caller's value numbering
 * treats `movl` as a copy. `wide(u)` with u = (unsigned)L kept as L in %rbx
 * showed 0x50000000c for 12 (DW_OP_breg3 0: L itself); `down(n - 1)` at n = 0
 * must be 0xffffffff, not %rbx - 1 = 2^64 - 1. */
#include <stdio.h>

unsigned long sink;

__attribute__((noinline)) static void use(unsigned long v)
{
    sink += v;
    __asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static long make(long k)
{
    return k * 0x100000001L + 7;
}

/* p is dead after entry: gdb and lldb print it through its entry value */
__attribute__((noinline)) static void wide(unsigned long p)
{
    use(1);
    use(2);                                         //@ label: in_wide
}

__attribute__((noinline)) static void down(unsigned long p)
{
    use(3);
    use(4);                                         //@ label: in_down
}

__attribute__((noinline)) static void relay(long n)
{
    long l = make(n);
    unsigned u = (unsigned)l;
    use(l);
    wide(u);
    use(l);
}

__attribute__((noinline)) static void count(unsigned n)
{
    down(n - 1u);
    use(n);
}

int main(void)
{
    relay(5);
    count(0);
    count(3);
    printf("%lu\n", sink);
    return 0;
}
//@ watch(p) at in_wide: 12
//@ watch(p) at in_down: 4294967295 2
