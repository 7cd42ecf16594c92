/* A counter that a `for` line sets, in an inlined call: the first stop on that
   line comes before `i = 1` runs, where no path has assigned it. Before, the
   value began at the record in front of the stop and showed 1 there (the value
   the line has not assigned yet); its start now waits for the line's stop
   inside the inlined body (line_start_values.py), and before it the reason is
   the one of every path in: not assigned yet, not dead. */
#include <stdio.h>

struct person { char initial; unsigned char age; int score; };

struct person g_people[5] = {
    {'d', 40, 12}, {'a', 25, 99}, {'e', 61, 5}, {'b', 33, 47}, {'c', 18, 70},
};

static void swap_people(struct person *x, struct person *y)
{
    struct person t = *x;
    *x = *y;
    *y = t;
}

static int bubble(struct person *v, int n)
{
    int swaps = 0;
    int i;
    int j;
    for (i = 0; i < n - 1; i++)
        for (j = 0; j < n - 1 - i; j++)
            if (v[j].score > v[j + 1].score) {
                swap_people(&v[j], &v[j + 1]);
                swaps++;
            }
    return swaps;
}

static const struct person *oldest(const struct person *v, int n)
{
    const struct person *best = &v[0];
    int i;
    for (i = 1; i < n; i++)
        if (v[i].age > best->age)
            best = &v[i];
    return best;
}

int main(void)
{
    int swaps = bubble(g_people, 5);
    const struct person *old = oldest(g_people, 5);
    printf("%d %c %d\n", swaps, old->initial, old->age);
    return 0;
}
//@why 40 i: <optimized out: not assigned yet (line 40 assigns it)>
