/* A pointer holding a global's address (`p = &g_table[1]`, inlined, folded into
 * every load so no register holds it) across an inlined body of over 6 KiB of
 * code with an inline asm statement near its start. The location computes the
 * address from the pc, anchored at most 4095 bytes before it (address_values.py):
 * the entries are cut every 273 instructions (and around the asm statement), so
 * `*p` must print at the end of the body as at its start, under gdb and lldb
 * (with one anchor for the body, both show a pointer 8 KiB off at `late`).
 * Before: optimized out (the folded `ptradd` left no value to describe). */
#include <stdio.h>

int g_table[4] = {3, 5, 7, 9};
int sink;

__attribute__((noinline)) static void use(int v)
{
    __asm__ volatile("" ::: "memory");
    sink += v;
}

#define STEP(i) s += v[i] * (i + 1); s ^= v[(i) + 1] << 1;
#define STEP8(i) STEP(i) STEP(i + 1) STEP(i + 2) STEP(i + 3) \
    STEP(i + 4) STEP(i + 5) STEP(i + 6) STEP(i + 7)

static inline __attribute__((always_inline)) int churn(const int *p, volatile int *v)
{
    int s = p[0];
    use(p[1]);                                     //@ label: early
    __asm__ volatile("nop\n\tnop" ::: "memory");
    STEP8(0) STEP8(8) STEP8(16) STEP8(24) STEP8(32) STEP8(40) STEP8(48) STEP8(56)
    STEP8(0) STEP8(8) STEP8(16) STEP8(24) STEP8(32) STEP8(40) STEP8(48) STEP8(56)
    STEP8(0) STEP8(8) STEP8(16) STEP8(24) STEP8(32) STEP8(40) STEP8(48) STEP8(56)
    STEP8(0) STEP8(8) STEP8(16) STEP8(24)
    use(s);                                        //@ label: late
    return s;
}

int main(void)
{
    volatile int v[80];
    for (int i = 0; i < 80; i++)
        v[i] = i * 3 + 1;
    printf("%d %d\n", churn(&g_table[1], v), sink);
    return 0;
}
//@ watch(*p) at early: 5
//@ watch(p[2]) at early: 9
//@ watch(*p) at late: 5
//@ watch(p[-1]) at late: 3
