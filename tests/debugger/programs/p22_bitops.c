/* Bitwise operators on 64-bit unsigned values: masks, popcount, parity. */
#include <stdio.h>

//! break: popped masked reported
//! globals: g_mask
//! step: popcount 12
//! next: masks 10
//! finish: parity
//! bt: pop_body

unsigned long long g_mask = 0xff00ff00ff00ff00ULL;

static int popcount(unsigned long long x)
{
    int count = 0;
    while (x) {
        x &= x - 1;                                //@ label: pop_body
        count++;
    }
    return count;                                  //@ label: popped
}

static int parity(unsigned long long x)
{
    return popcount(x) & 1;
}

static unsigned long long masks(unsigned long long v, int lo, int hi)
{
    unsigned long long width = (unsigned long long)(hi - lo + 1);
    unsigned long long m = ((1ULL << width) - 1) << lo;
    unsigned long long picked = (v & m) >> lo;
    unsigned long long flipped = v ^ ~m;
    unsigned long long both = picked | (flipped & 0xf);   //@ label: masked
    return both;
}

static int wrapper(unsigned long long v)
{
    return parity(v) + 10 * popcount(v >> 8);
}

int main(void)
{
    unsigned long long v = 0x123456789abcdef0ULL;
    unsigned long long m = masks(v, 4, 19);
    int p = parity(g_mask);
    int w = wrapper(v);
    long long neg = -(long long)(v >> 4);
    printf("%llx %d %d %lld\n", m, p, w, neg);     //@ label: reported
    return 0;
}
