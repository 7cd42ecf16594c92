/* A variable whose address escapes keeps its stack slot, and right after it
 * is stored (or reloaded) its value is also in a register: with
 * --loclist-mode=multi its location list has both, overlapping. */
#include <stdio.h>

int sink;

__attribute__((noinline)) static void bump(int *p)
{
    *p += 3;
}

__attribute__((noinline)) static int work(int n, int k)
{
    int x = n * 7 + k;
    int y = x * k + n;                             //@ label: after_store
    int z = y ^ (x << 2);
    bump(&x);
    int r = x * 5 + z;                             //@ label: after_call
    r = r - (x >> 1);
    sink += r;
    return r + y;
}

int main(void)
{
    int t = 0;
    for (int i = 1; i <= 3; i++)
        t += work(i, i + 4);
    printf("%d %d\n", t, sink);
    return 0;
}
//@ watch(x) at after_store: 12 20 28
//@ watch(x) at after_call: 15 23 31
