/* Pointers to pointers: argv-style string vectors, in-place pointer sorting, 2-level indirection. */
#include <stdio.h>
#include <string.h>

static int count_args(char **argv)
{
    int n = 0;
    while (*argv++)
        n++;
    return n;
}

static void sort_ptrs(const char **v, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (strcmp(v[i], v[j]) > 0) {
                const char *t = v[i];
                v[i] = v[j];
                v[j] = t;
            }
}

static void advance(const char **pp, int n) { *pp += n; }

static int *max_ptr(int **ptrs, int n)
{
    int **best = ptrs;
    for (int **p = ptrs + 1; p < ptrs + n; p++)
        if (**p > **best)
            best = p;
    return *best;
}

int main(void)
{
    char a0[] = "prog", a1[] = "-v", a2[] = "input.txt", a3[] = "--out";
    char *argv[] = { a0, a1, a2, a3, NULL };
    printf("%d\n", count_args(argv));
    for (char **p = argv; *p; p++)
        printf("[%s] first=%c\n", *p, **p);
    const char *names[] = { "mango", "kiwi", "apple", "zucchini", "banana" };
    sort_ptrs(names, 5);
    for (int i = 0; i < 5; i++)
        printf("%s ", names[i]);
    printf("\n");
    const char *s = "skip-prefix";
    advance(&s, 5);
    printf("%s\n", s);
    int x = 3, y = 9, z = 4;
    int *ptrs[] = { &x, &y, &z };
    int *m = max_ptr(ptrs, 3);
    *m = 0;
    printf("%d %d %d\n", x, y, z);
    int v = 5;
    int *p1 = &v;
    int **p2 = &p1;
    int ***p3 = &p2;
    ***p3 = 6;
    printf("%d %d %d\n", v, **p2, *p1);
    char **cpp = argv + 2;
    printf("%c %s\n", *(*cpp + 6), *(cpp - 1));
    return 0;
}
