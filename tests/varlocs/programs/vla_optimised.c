/* A variable-length array at -O2: its memory is the dynamic allocation, whose
 * address lives in a register (or a spill slot), so the variable is described as
 * the memory at that address (DW_OP_bregN 0). Before, an optimised VLA had no
 * variable DIE at all ("No symbol" in gdb, as in gcc -O2's build). */
#include <stdio.h>
#include <string.h>

int sink;

/* Zero the stack below main's frame before each call: the array's bytes are
 * uninitialised at the stops before the first loop stores them, and -O0 and -O2
 * put the array at different addresses, so without this each build would show
 * its own stack garbage there. */
__attribute__((noinline)) static void scrub(void)
{
    char below[8192];
    memset(below, 0, sizeof below);
    __asm__ volatile("" : : "r"(below) : "memory");
}

__attribute__((noinline)) static int fill_sum(int n, int k)
{
    int v[n];
    for (int i = 0; i < n; i++)
        v[i] = i * k;
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    sink += s;                                     //@ label: after_sum
    return s + v[n - 1];
}

int main(void)
{
    scrub();
    int t = fill_sum(4, 3);
    scrub();
    t += fill_sum(5, 2);
    scrub();
    t += fill_sum(3, 7);
    printf("%d %d\n", t, sink);
    return 0;
}
//@ watch(v[2]) at after_sum: 6 4 14
//@ watch(v[n - 1]) at after_sum: 9 8 14
