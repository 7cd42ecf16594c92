/* Substring search: naive, KMP and Horspool over a generated text. */
#include <stdio.h>
#include <string.h>

#define TEXT 1000000

static char text[TEXT + 1];

static int naive(const char *t, int n, const char *p, int m)
{
    int count = 0;
    for (int i = 0; i + m <= n; i++) {
        int j = 0;
        while (j < m && t[i + j] == p[j]) j++;
        if (j == m) count++;
    }
    return count;
}

static int kmp(const char *t, int n, const char *p, int m)
{
    int fail[64], count = 0, k = 0;
    fail[0] = 0;
    for (int i = 1; i < m; i++) {
        while (k > 0 && p[i] != p[k]) k = fail[k - 1];
        if (p[i] == p[k]) k++;
        fail[i] = k;
    }
    k = 0;
    for (int i = 0; i < n; i++) {
        while (k > 0 && t[i] != p[k]) k = fail[k - 1];
        if (t[i] == p[k]) k++;
        if (k == m) { count++; k = fail[k - 1]; }
    }
    return count;
}

static int horspool(const char *t, int n, const char *p, int m)
{
    int shift[256], count = 0;
    for (int i = 0; i < 256; i++) shift[i] = m;
    for (int i = 0; i < m - 1; i++) shift[(unsigned char)p[i]] = m - 1 - i;
    int i = 0;
    while (i + m <= n) {
        int j = m - 1;
        while (j >= 0 && t[i + j] == p[j]) j--;
        if (j < 0) count++;
        i += shift[(unsigned char)t[i + m - 1]];
    }
    return count;
}

int main(void)
{
    unsigned int x = 7;
    for (int i = 0; i < TEXT; i++) { x = x * 1664525u + 1013904223u; text[i] = "abcab"[(x >> 24) % 5]; }
    const char *pats[] = {"abcab", "aabca", "bbbb", "cabcabca", "abcabcabcab"};
    long total = 0;
    for (int k = 0; k < 5; k++) {
        int m = (int)strlen(pats[k]);
        int a = naive(text, TEXT, pats[k], m), b = kmp(text, TEXT, pats[k], m);
        int c = horspool(text, TEXT, pats[k], m);
        if (a != b || b != c) { printf("disagree on %s\n", pats[k]); return 1; }
        printf("%-12s %d\n", pats[k], a);
        total += a;
    }
    printf("total %ld\n", total);
    return 0;
}
