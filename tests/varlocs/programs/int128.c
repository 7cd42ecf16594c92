/* __int128 values in registers at -O2: each lives in two 64-bit registers,
 * described by a location with one DW_OP_piece per half; parameters arrive
 * in register pairs and keep entry values for both halves. */
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

long sink;

__attribute__((noinline)) static u128 mix(u128 x, int k)
{
    u128 y = x * 3 + (u128)k;
    u128 z = y ^ (y >> 64);
    sink += (long)z;                               //@ label: mixed
    sink += (long)(y >> 70);                       //@ label: mixed2
    return z + y;
}

__attribute__((noinline)) static i128 sum_to(int n, i128 start)
{
    i128 total = start;
    for (int i = 1; i <= n; i++)
        total += (i128)i << 64;                    //@ label: loop
    return total;                                  //@ label: summed
}

int main(void)
{
    u128 acc = 0;
    for (int k = 1; k <= 3; k++)
        acc += mix(((u128)k << 64) | 7, k);
    i128 s = sum_to(3, -5);
    printf("%lld %lld %ld\n", (long long)(acc >> 64), (long long)s, sink);
    return 0;
}
//@ watch(x) at mixed: 18446744073709551623 36893488147419103239 55340232221128654855
//@ watch(y) at mixed: 55340232221128654870 110680464442257309719 166020696663385964568
//@ watch(z) at mixed2: 55340232221128654869 110680464442257309713 166020696663385964561
//@ watch(total) at summed: 110680464442257309691
//@ watch(start) at loop: -5
