/* Variable length arrays: 1-D and 2-D, run-time sizeof (evaluated once, at the
   declaration), pointers to VLAs, VLA parameters, typedefs of VLA types,
   alloca and __builtin_alloca. */
#include <alloca.h>
#include <stdio.h>
#include <string.h>

static long trace(int n, int m, int a[n][m]) {
    long s = 0;
    for (int i = 0; i < n && i < m; i++)
        s += a[i][i];
    return s + (long)sizeof a[0] + (long)sizeof *a;
}

static void fill(int n, int m, int (*a)[m]) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = i * 100 + j;
}

static int last(int n, int v[static 1]) { return v[n - 1]; }

static int use_alloca(int n) {
    int *p = alloca(n * sizeof *p);
    char *s = __builtin_alloca(n + 1);
    memset(s, 'a', n);
    s[n] = 0;
    for (int i = 0; i < n; i++) p[i] = i * i;
    return p[n - 1] + (int)strlen(s);
}

int main(int argc, char **argv) {
    (void)argv;
    int n = argc + 5, m = argc + 2;
    int a[n];
    size_t before = sizeof a;
    for (int i = 0; i < n; i++) a[i] = 3 * i + 1;
    n = 2; /* the size was fixed at the declaration */
    printf("%zu %zu %d\n", before, sizeof a, last(6, a));
    n = 6;
    int mat[n][m];
    fill(n, m, mat);
    printf("%zu %zu %zu %d\n", sizeof mat, sizeof mat[0], sizeof(int[n][m]), mat[5][2]);
    printf("%ld\n", trace(n, m, mat));
    int (*row)[m] = mat;
    row++;
    row += 2;
    printf("%d %d %ld\n", row[0][1], (*row)[2], (long)(row - mat));
    row--;
    printf("%d\n", row[1][0]);
    typedef char name_t[m + 1];
    name_t who;
    m = 100;
    memset(who, 'z', sizeof who - 1);
    who[sizeof who - 1] = 0;
    printf("%s %zu\n", who, sizeof(name_t));
    int cube[2][n][3];
    memset(cube, 0, sizeof cube);
    cube[1][n - 1][2] = 42;
    printf("%zu %d\n", sizeof cube, ((int *)cube)[2 * n * 3 - 1]);
    int total = 0;
    for (int k = 1; k < 40; k++) total += use_alloca(k);
    printf("%d\n", total);
    return 0;
}
