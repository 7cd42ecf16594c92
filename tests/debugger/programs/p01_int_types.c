/* Every integer type as locals, parameters and return values. */
#include <stdio.h>

//! break: widened narrowed mixed_end
//! globals: g_llong g_ushort
//! step: widen 10
//! next: main 12
//! finish: widen
//! bt: narrow_body
//! lldb

long long g_llong = -1234567890123LL;
unsigned short g_ushort = 65000;

static unsigned char narrow(unsigned long value, signed char bias)
{
    unsigned char low = (unsigned char)value;          //@ label: narrow_body
    low = (unsigned char)(low + bias);
    return low;
}

static long long widen(short s, unsigned short us, int i, unsigned int ui)
{
    long wide = (long)s * 1000L;
    unsigned long uwide = (unsigned long)us << 20;
    long long total = wide + (long long)uwide + i;
    unsigned long long mask = ui;
    total += (long long)(mask & 0xffffULL);
    unsigned char n = narrow(uwide, -3);
    total += n;
    return total;                                      //@ label: widened
}

int main(void)
{
    char c = 'A';
    signed char sc = -100;
    unsigned char uc = 200;
    short s = -30000;
    unsigned short us = 60000;
    int i = -2000000000;
    unsigned int ui = 4000000000U;
    long l = -9000000000L;
    unsigned long ul = 18000000000000000000UL;
    long long ll = -9000000000000000000LL;
    unsigned long long ull = 18446744073709551615ULL;
    _Bool flag = 1;
    long long w = widen(s, us, i, ui);
    unsigned char n2 = narrow(ul, sc);                 //@ label: narrowed
    int sum = c + sc + uc + flag;
    printf("%d %d %u %d %u %d %u\n", c, sc, uc, s, us, i, ui);
    printf("%ld %lu %lld %llu %d\n", l, ul, ll, ull, flag);
    printf("%lld %u %d %lld %u\n", w, n2, sum, g_llong, g_ushort);
    g_llong += w;
    g_ushort = (unsigned short)(g_ushort + us);
    printf("%lld %u\n", g_llong, g_ushort);            //@ label: mixed_end
    return 0;
}
