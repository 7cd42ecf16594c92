/* __int128 and unsigned __int128 locals, parameters (in register pairs and on
   the stack), struct members, arrays and return values under the debugger. */
#include <stdio.h>

//! break: mixed_done spilled wide_loop record_set final
//! step: mix 5
//! next: main 10
//! finish: mix
//! bt: deep_body
//! lldb

typedef __int128 i128;
typedef unsigned __int128 u128;

struct record { char tag; i128 value; u128 mask; };

static i128 mix(i128 a, u128 b, int k)
{
    i128 scaled = a * k;
    u128 folded = b ^ (b >> 64);
    i128 sum = scaled + (i128)folded;
    return sum;                                     //@ label: mixed_done
}

static u128 spill(long p1, long p2, long p3, long p4, long p5, u128 on_stack, long p7)
{
    u128 r = on_stack * 3 + (u128)(p1 + p2 + p3 + p4 + p5 + p7);
    return r;                                       //@ label: spilled
}

static i128 deep(i128 v, int depth)
{
    if (depth == 0)
        return -v;                                  //@ label: deep_body
    return deep(v * 2 + depth, depth - 1);
}

int main(void)
{
    i128 big = ((i128)0x0123456789abcdefLL << 64) | 0x7edcba9876543210LL;
    u128 all = ~(u128)0;
    i128 neg = -12345678901234567LL;
    i128 m = mix(big, all - 5, 3);
    u128 s = spill(1, 2, 3, 4, 5, (u128)1 << 100, 7);
    u128 acc = 1;
    for (int i = 0; i < 5; i++)
        acc = acc * 1000003 + (u128)i;              //@ label: wide_loop
    struct record rec = {'r', neg, (u128)0xff << 120};
    rec.value += 1;                                 //@ label: record_set
    i128 d = deep(big >> 70, 3);
    printf("%d %d %d %d\n", (int)(m & 0xffff), (int)(s >> 100), (int)(acc & 0xff), (int)d);
    return 0;                                       //@ label: final
}
