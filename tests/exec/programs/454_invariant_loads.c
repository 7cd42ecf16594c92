/* Loads hoisted out of rotated loops (opt/load_hoist.py): an edit distance over
 * two rows swapped through block arguments, and loops whose stores do reach the
 * invariant load's object (through the same array, through a pointer argument,
 * through a row chosen by a select) and must see each new value. */
#include <stdio.h>

static char s1[64], s2[64];
static int row_a[65], row_b[65];
static char buf[80];

__attribute__((noinline)) static int edit(int n, int m)
{
    int *prev = row_a, *cur = row_b;
    for (int j = 0; j <= m; j++) prev[j] = j;
    for (int i = 1; i <= n; i++) {
        cur[0] = i;
        for (int j = 1; j <= m; j++) {
            int best = prev[j - 1] + (s1[i - 1] != s2[j - 1]);
            if (prev[j] + 1 < best) best = prev[j] + 1;
            if (cur[j - 1] + 1 < best) best = cur[j - 1] + 1;
            cur[j] = best;
        }
        int *t = prev; prev = cur; cur = t;
    }
    return prev[m];
}

__attribute__((noinline)) static int same_array(int k)
{
    int s = 0;
    for (int j = 0; j < 40; j++) {
        s += buf[k];                 /* buf[k] changes when j == k */
        buf[j] = (char)(j * 3 + 1);
    }
    return s;
}

__attribute__((noinline)) static int through_pointer(char *p, int k)
{
    int s = 0;
    for (int j = 0; j < 40; j++) {
        s += s1[k];
        p[j] = (char)(s & 0x3f);     /* p is s1 + 0 in the call below */
    }
    return s;
}

__attribute__((noinline)) static int chosen_row(int which, int k)
{
    int *r = which ? row_a : row_b;
    int s = 0;
    for (int j = 0; j < 50; j++) {
        s += row_a[k];
        r[j] = s;
    }
    return s;
}

int main(void)
{
    unsigned x = 7;
    for (int i = 0; i < 64; i++) {
        x = x * 1103515245u + 12345u; s1[i] = (char)('a' + (x >> 16) % 3);
        x = x * 1103515245u + 12345u; s2[i] = (char)('a' + (x >> 16) % 3);
    }
    printf("edit %d %d %d\n", edit(64, 64), edit(10, 60), edit(1, 1));
    for (int k = 0; k < 45; k += 11) printf("same %d %d\n", k, same_array(k));
    printf("ptr %d %d\n", through_pointer(s1, 5), through_pointer(s1 + 20, 3));
    printf("row %d %d\n", chosen_row(1, 7), chosen_row(0, 7));
    return 0;
}
