/* Arrays of structs, pointers to struct elements, a bubble sort. */
#include <stdio.h>

//! break: swapped_pair sorted best_found
//! globals: g_people
//! step: bubble 14
//! next: oldest 12
//! finish: oldest
//! bt: swap_body
//! lldb

struct person {
    char initial;
    unsigned char age;
    int score;
};

struct person g_people[5] = {
    {'d', 40, 12}, {'a', 25, 99}, {'e', 61, 5}, {'b', 33, 47}, {'c', 18, 70},
};

static void swap_people(struct person *x, struct person *y)
{
    struct person t = *x;                          //@ label: swap_body
    *x = *y;
    *y = t;                                        //@ label: swapped_pair
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
    return swaps;                                  //@ label: sorted
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
    struct person first = g_people[0];
    printf("%d %c %d %c\n", swaps, old->initial, first.score, g_people[4].initial);  //@ label: best_found //@ watch(old->age): 61
    return 0;
}
