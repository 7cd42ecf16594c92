/* Globals, file-scope statics, function-scope statics and initialised tables. */
#include <stdio.h>

//! break: bumped tallied end
//! globals: g_calls s_table s_name g_total
//! step: bump 8
//! next: tally 12
//! finish: bump
//! bt: bump_body

int g_calls;
long g_total = 100;
static int s_table[4] = {10, 20, 30, 40};
static const char s_name[] = "statics";

static int bump(int by)
{
    static int counter = 5;
    counter += by;                                  //@ label: bump_body
    g_calls++;
    return counter;                                 //@ label: bumped
}

static long tally(int rounds)
{
    long sum = 0;
    int r;
    for (r = 0; r < rounds; r++) {
        sum += bump(s_table[r % 4]);
        s_table[r % 4] += 1;
    }
    g_total += sum;
    return sum;                                     //@ label: tallied
}

static int drive(int rounds)
{
    long t = tally(rounds);
    return (int)(t % 1000);
}

int main(void)
{
    int result = drive(5);
    int again = bump(1);
    printf("%d %d %d %ld %s %d\n", result, again, g_calls, g_total, s_name, s_table[0]);  //@ label: end
    return 0;
}
