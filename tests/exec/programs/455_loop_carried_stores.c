/* A value stored in one iteration and loaded in the next stays in a register
 * (opt/loop_load_elim.py): edit distance and LCS rows (the LCS load only on one
 * arm), a prefix sum, a loop counting down, a Fibonacci table (only the load one
 * iteration back qualifies) and a zero-trip loop; and loops where it must not
 * happen: another store through a pointer into the same row, a second store into
 * the same array, a volatile row, a call in the loop, and a store that overwrites
 * the slot the next iteration reads. */
#include <stdio.h>

static char s1[80], s2[80];
static int row_a[81], row_b[81];
static int tab[100];
static long wide[50];
static short halves[60];
static volatile int vrow[40];
static int calls;

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

__attribute__((noinline)) static int lcs(int n, int m)
{
    int *prev = row_a, *cur = row_b;
    for (int j = 0; j <= m; j++) prev[j] = 0;
    for (int i = 1; i <= n; i++) {
        cur[0] = i & 1;
        for (int j = 1; j <= m; j++)
            cur[j] = s1[i - 1] == s2[j - 1] ? prev[j - 1] + 1
                   : (prev[j] > cur[j - 1] ? prev[j] : cur[j - 1]);
        int *t = prev; prev = cur; cur = t;
    }
    return prev[m];
}

__attribute__((noinline)) static long prefix(long *a, int n)
{
    for (int j = 1; j < n; j++) a[j] = a[j - 1] + a[j] * 3 + j;
    return a[n - 1];
}

__attribute__((noinline)) static int down(int n)
{
    for (int j = n - 2; j >= 0; j--) halves[j] = (short)(halves[j + 1] * 5 + j);
    int s = 0;
    for (int j = 0; j < n; j++) s += halves[j];
    return s;
}

__attribute__((noinline)) static int fib(int n)
{
    tab[0] = 1;
    tab[1] = 1;
    for (int j = 2; j < n; j++) tab[j] = (tab[j - 1] + tab[j - 2]) % 10007;
    return tab[n - 1];
}

__attribute__((noinline)) static int zero_trip(int n)
{
    tab[5] = 42;
    for (int j = 6; j < n; j++) tab[j] = tab[j - 1] + 1;
    return tab[5] + tab[6];
}

/* p points into tab: the store through it rewrites what the next iteration reads */
__attribute__((noinline)) static int through_pointer(int *p, int n)
{
    for (int j = 1; j < n; j++) {
        tab[j] = tab[j - 1] + 2;
        p[j - 1] = j * 10;
    }
    return tab[n - 1];
}

/* a second store into the same array, at the slot the next iteration loads */
__attribute__((noinline)) static int same_array(int n)
{
    for (int j = 1; j < n; j++) {
        tab[j] = tab[j - 1] + 3;
        tab[j] = tab[j] * 2 - j;
    }
    return tab[n - 1];
}

__attribute__((noinline)) static int volatile_row(int n)
{
    vrow[0] = 1;
    for (int j = 1; j < n; j++) vrow[j] = vrow[j - 1] * 2 % 1000;
    return vrow[n - 1];
}

__attribute__((noinline)) static void bump(void)
{
    calls++;
    tab[calls % 20] = calls;
}

__attribute__((noinline)) static int with_call(int n)
{
    for (int j = 1; j < n; j++) {
        tab[j] = tab[j - 1] + 1;
        bump();
    }
    return tab[n - 1];
}

/* the store's address moves by 1 byte a step but writes 8: it overlaps the next */
__attribute__((noinline)) static long overlapping(unsigned char *bytes, int n)
{
    long s = 0;
    for (int j = 1; j < n; j++) {
        long v;
        __builtin_memcpy(&v, bytes + j - 1, sizeof v);
        s += v;
        v = v * 3 + j;
        __builtin_memcpy(bytes + j, &v, sizeof v);
    }
    return s;
}

int main(void)
{
    unsigned int x = 7;
    for (int i = 0; i < 80; i++) {
        x = x * 1103515245u + 12345u; s1[i] = (char)('a' + (x >> 16) % 4);
        x = x * 1103515245u + 12345u; s2[i] = (char)('a' + (x >> 16) % 4);
    }
    printf("edit %d %d %d\n", edit(80, 80), edit(1, 80), edit(80, 1));
    printf("lcs %d %d\n", lcs(80, 80), lcs(33, 71));
    for (int j = 0; j < 50; j++) wide[j] = j * 7 - 100;
    printf("prefix %ld %ld\n", prefix(wide, 50), prefix(wide + 10, 1));
    for (int j = 0; j < 60; j++) halves[j] = (short)(j + 1);
    printf("down %d\n", down(60));
    printf("fib %d %d\n", fib(100), fib(2));
    printf("zero %d %d\n", zero_trip(6), zero_trip(7));
    for (int j = 0; j < 100; j++) tab[j] = j;
    printf("pointer %d\n", through_pointer(tab, 50));
    for (int j = 0; j < 100; j++) tab[j] = j;
    printf("pointer+1 %d\n", through_pointer(tab + 1, 50));
    printf("same %d\n", same_array(40));
    printf("volatile %d\n", volatile_row(40));
    printf("call %d %d\n", with_call(30), calls);
    unsigned char bytes[64];
    for (int j = 0; j < 64; j++) bytes[j] = (unsigned char)(j * 37);
    printf("overlap %ld\n", overlapping(bytes, 40));
    return 0;
}
