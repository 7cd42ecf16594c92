/* const and volatile qualified objects, pointers to const, const globals. */
#include <stdio.h>

//! break: limited polled shown
//! globals: g_limit g_table g_ticks
//! step: clamp 8
//! next: poll 12
//! finish: clamp
//! bt: tick_body

const int g_limit = 50;
const short g_table[4] = {-5, 15, 60, 45};
volatile unsigned int g_ticks;

static void tick(void)
{
    g_ticks = g_ticks + 1;                         //@ label: tick_body
}

static int clamp(const int v, const int *const bound)
{
    int out = v;
    if (out > *bound)
        out = *bound;
    if (out < 0)
        out = 0;
    return out;                                    //@ label: limited
}

static int poll(int rounds)
{
    volatile int seen = 0;
    const volatile int *watch = &seen;
    int r;
    for (r = 0; r < rounds; r++) {
        tick();
        seen = seen + clamp(g_table[r % 4], &g_limit);
    }
    return *watch;                                 //@ label: polled
}

int main(void)
{
    const char *const msg = "const";
    volatile long counter = 3;
    int total = poll(6);
    counter += total;
    printf("%s %ld %u %d\n", msg, counter, g_ticks, total);   //@ label: shown
    return 0;
}
