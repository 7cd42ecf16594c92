/* for, while and do/while loops with break and continue. */
#include <stdio.h>

//! break: odd_done found countdown_end
//! step: sum_odd 14
//! next: find_first 14
//! finish: find_first
//! bt: digit_body

static int sum_odd(int limit)
{
    int total = 0;
    for (int i = 0; i < limit; i++) {
        if (i % 2 == 0)
            continue;
        total += i;
    }
    return total;                                  //@ label: odd_done
}

static int find_first(const int *v, int n, int wanted)
{
    int idx = 0;
    while (idx < n) {
        if (v[idx] == wanted)
            break;
        idx++;
    }
    return idx;                                    //@ label: found
}

static int digit_sum(unsigned int x)
{
    int s = 0;
    do {
        s += (int)(x % 10);                        //@ label: digit_body
        x /= 10;
    } while (x != 0);
    return s;
}

static int countdown(int from)
{
    int steps = 0;
    while (1) {
        if (from <= 0)
            break;
        from -= 3;
        steps++;
    }
    steps += digit_sum(9876);
    return steps;
}

int main(void)
{
    int v[7] = {5, 3, 9, 1, 9, 2, 8};
    int a = sum_odd(9);
    int b = find_first(v, 7, 9);
    int c = countdown(10);
    printf("%d %d %d\n", a, b, c);                 //@ label: countdown_end
    return 0;
}
