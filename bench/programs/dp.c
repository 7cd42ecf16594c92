/* Dynamic programming: edit distance and longest common subsequence. */
#include <stdio.h>

#define LEN 4500

static char s1[LEN + 1], s2[LEN + 1];
static int row_a[LEN + 1], row_b[LEN + 1];

static int edit_distance(const char *a, int n, const char *b, int m)
{
    int *prev = row_a, *cur = row_b;
    for (int j = 0; j <= m; j++) prev[j] = j;
    for (int i = 1; i <= n; i++) {
        cur[0] = i;
        for (int j = 1; j <= m; j++) {
            int best = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < best) best = prev[j] + 1;
            if (cur[j - 1] + 1 < best) best = cur[j - 1] + 1;
            cur[j] = best;
        }
        int *t = prev; prev = cur; cur = t;
    }
    return prev[m];
}

static int lcs(const char *a, int n, const char *b, int m)
{
    int *prev = row_a, *cur = row_b;
    for (int j = 0; j <= m; j++) prev[j] = 0;
    for (int i = 1; i <= n; i++) {
        cur[0] = 0;
        for (int j = 1; j <= m; j++)
            cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1
                   : (prev[j] > cur[j - 1] ? prev[j] : cur[j - 1]);
        int *t = prev; prev = cur; cur = t;
    }
    return prev[m];
}

int main(void)
{
    unsigned int x = 99;
    for (int i = 0; i < LEN; i++) {
        x = x * 1103515245u + 12345u; s1[i] = (char)('a' + (x >> 16) % 4);
        x = x * 1103515245u + 12345u; s2[i] = (char)('a' + (x >> 16) % 4);
    }
    printf("edit distance %d\n", edit_distance(s1, LEN, s2, LEN));
    printf("lcs %d\n", lcs(s1, LEN, s2, LEN));
    return 0;
}
