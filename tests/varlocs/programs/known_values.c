/* Variables whose registers are reused while their values are still known: structs
 * copied from their constant initialisers (-O2 loads them from read-only
 * `.L__const` objects) and passed to a call that is not inlined. After the call,
 * nothing holds them; ldv/known.py describes each as the read-only bytes it was
 * loaded from (DW_OP_addr, relocated from the pc). Before: optimized out from the
 * call on, in gdb and lldb. */
#include <stdio.h>

struct point { int x, y; };
struct wide { long lo; long hi; };

volatile long sink;

__attribute__((noinline)) static void use(struct point p, struct wide w)
{
    sink += p.x + p.y + w.lo + w.hi;
}

int main(void)
{
    struct point a = {2, -3};
    struct wide b = {-40000000000L, 7};
    use(a, b);
    sink += 1;                                     //@ label: after_use
    printf("%ld\n", sink);
    return 0;                                      //@ label: ret
}
//@ watch(a.x) at after_use: 2
//@ watch(a.y) at after_use: -3
//@ watch(b.lo) at after_use: -40000000000
//@ watch(b.hi) at after_use: 7
//@ watch(a.y) at ret: -3
//@ watch(b.lo) at ret: -40000000000
