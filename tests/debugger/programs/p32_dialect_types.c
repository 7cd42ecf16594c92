/* GNU dialect types under the debugger: _Alignas and aligned(N) objects (their values and
   their alignment), mode(DI)/mode(QI)/mode(HI) integers, __signed__ typedefs and a cleanup
   variable. */
#include <stdio.h>

typedef int s64m __attribute__((mode(DI)));
typedef unsigned int u8m __attribute__((mode(QI)));
typedef int s16m __attribute__((mode(HI)));
typedef __signed__ char s8;

//! break: aligned typed unioned done
//! globals: g_wide g_vec
//! step: read_either 6
//! next: main 12
//! finish: read_either
//! bt: inner

_Alignas(32) static int g_vec[3] = { 4, 5, 6 };
s64m g_wide = -5000000000;
static int g_released;

static void release(int *p) { g_released += *p; }

static int inner(int v)
{
    return v * 2;                                   //@ label: inner
}

static int read_either(const int *p)
{
    s64m scaled = (s64m)*p << 33;
    int r = inner(*p) + (int)(scaled >> 33);
    return r + 1;
}

int main(void)
{
    _Alignas(16) char small = 'q';
    _Alignas(long) short s = -3;
    int big __attribute__((aligned(64))) = 77;
    unsigned long addr_mod = ((unsigned long)&big % 64) + ((unsigned long)g_vec % 32);
    s64m wide = g_wide * 3;                         //@ label: aligned
    u8m byte = 250;
    s16m half = -1234;
    s8 tiny = -7;
    printf("%c %d %d %lu\n", small, s, big, addr_mod);   //@ label: typed
    int held = 9;
    int total = read_either(&held);                 //@ label: unioned
    {
        int scoped __attribute__((cleanup(release))) = 11;
        total += scoped;
    }
    printf("%lld %u %d %d %d %d\n", (long long)wide, byte, half, tiny, total, g_released);  //@ label: done
    return 0;
}
