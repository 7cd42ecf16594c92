/* Pointers: to scalars, to pointers, arithmetic, and through parameters. */
#include <stdio.h>

//! break: swapped walk_end deref
//! globals: g_value g_ptr
//! step: swap 6
//! next: walk 12
//! finish: largest
//! bt: inner_swap
//! lldb

int g_value = 41;
int *g_ptr = &g_value;

static void swap(int *a, int *b)
{
    int tmp = *a;                                   //@ label: inner_swap
    *a = *b;
    *b = tmp;
}

static void order(int *lo, int *hi)
{
    if (*lo > *hi)
        swap(lo, hi);
}

static int *largest(int *items, int count)
{
    int *best = items;
    int *p;
    for (p = items + 1; p < items + count; p++) {
        if (*p > *best)
            best = p;
    }
    return best;
}

static int walk(int *items, int count)
{
    int total = 0;
    int *end = items + count;
    int *cur = items;
    while (cur != end) {
        total += *cur;
        cur++;
    }
    return total;                                   //@ label: walk_end //@ watch(*items): 9
}

int main(void)
{
    int x = 9;
    int y = 4;
    int *px = &x;
    int **ppx = &px;
    int values[5] = {3, 17, 8, 12, 5};
    order(&x, &y);
    int *big = largest(values, 5);                  //@ label: swapped //@ watch(*px): 4 //@ watch(**ppx): 4
    int sum = walk(&y, 1);
    sum += walk(values, 5);
    *g_ptr += 1;
    int *nothing = 0;
    printf("%d %d %d %d %d\n", x, y, *big, sum, g_value);   //@ label: deref //@ watch(*big): 17
    return nothing == 0 ? 0 : 1;
}
