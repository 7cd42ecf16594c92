/* The program's own variadic functions through stdarg, and printf. */
#include <stdarg.h>
#include <stdio.h>

//! break: summed maxed printed
//! globals: g_seen
//! step: sum_ints 10
//! next: main 8
//! finish: max_of
//! bt: note_body
//! lldb

int g_seen;

static void note(int v)
{
    g_seen += v;                                   //@ label: note_body
}

static int sum_ints(int count, ...)
{
    va_list ap;
    int total = 0;
    int k;
    va_start(ap, count);
    for (k = 0; k < count; k++) {
        int v = va_arg(ap, int);
        total += v;
        note(v);
    }
    va_end(ap);
    return total;                                  //@ label: summed
}

static long max_of(int count, ...)
{
    va_list ap;
    long best;
    int k;
    va_start(ap, count);
    best = va_arg(ap, long);
    for (k = 1; k < count; k++) {
        long v = va_arg(ap, long);
        if (v > best)
            best = v;
    }
    va_end(ap);
    return best;                                   //@ label: maxed
}

int main(void)
{
    int s = sum_ints(4, 10, 20, 30, 40);
    long m = max_of(3, 5L, -7L, 123456789012L);
    int n = printf("%d %ld\n", s, m);
    printf("%d %d\n", n, g_seen);                  //@ label: printed
    return 0;
}
