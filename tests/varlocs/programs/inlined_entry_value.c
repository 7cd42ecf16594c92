/* Variables of an inlined instance whose value is the enclosing function's entry
 * value: the inlined `scale`'s parameter x is outer's y, and the local `copy`
 * is y too; both lose their register at the first call. DW_OP_entry_value is
 * taken in the frame of the function the code belongs to (gdb skips inline
 * frames for it), and main's call site gives y's value. Before, x and copy were
 * optimized out from the call on: the entry value was kept for the function's
 * own parameters only. lldb-22 does not resolve an entry value inside an inlined
 * frame and shows them unavailable. */
#include <stdio.h>

int sink;

__attribute__((noinline)) static int twice(int v)
{
    __asm__ volatile("" : "+r"(v));
    sink += v;
    return v * 2;
}

static inline int scale(int x)
{
    int copy = x;
    int a = twice(copy);
    int b = twice(a + 1);                          //@ label: after_first
    return a + b;                                  //@ label: after_second
}

__attribute__((noinline)) static int outer(int y)
{
    int r = scale(y);
    return r * 3;
}

int main(void)
{
    printf("%d %d\n", outer(5), sink);
    printf("%d %d\n", outer(11), sink);
    return 0;
}
//@ watch(x) at after_first: 5 11
//@ watch(x) at after_second: 5 11
//@ watch(copy) at after_first: 5 11
