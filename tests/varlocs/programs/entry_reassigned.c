/* A parameter assigned a constant before the function's first body line, in a
 * function without a frame pointer whose entry has a stack adjustment: gdb
 * steps into it at the entry, where the row is the first body line's, so the
 * parameter must read as it does there (0), not as the argument. */
#include <stdio.h>

int *volatile sink;

__attribute__((noinline)) static int first_trip(short p, int bias)
{
    for (p = 0; p <= 23; p += 3) {
        int slot = bias;                           //@ label: body
        sink = &slot;
        return slot + p;
    }
    return -1;
}

int main(void)
{
    int total = first_trip(-3224, 7);
    total += first_trip(12, 1);
    printf("%d\n", total);
    return 0;
}
//@ watch(p) at body: 0 0
