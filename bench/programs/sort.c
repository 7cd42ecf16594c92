/* Quicksort and merge sort of pseudo-random integers. */
#include <stdio.h>
#include <stdlib.h>

#define N 400000

static unsigned int seed = 12345u;
static unsigned int next_rand(void) { seed = seed * 1103515245u + 12345u; return seed >> 1; }

static void quicksort(int *a, int lo, int hi)
{
    while (lo < hi) {
        int p = a[(lo + hi) / 2], i = lo, j = hi;
        while (i <= j) {
            while (a[i] < p) i++;
            while (a[j] > p) j--;
            if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
        }
        if (j - lo < hi - i) { quicksort(a, lo, j); lo = i; }
        else { quicksort(a, i, hi); hi = j; }
    }
}

static void merge_sort(int *a, int *tmp, int n)
{
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n;
            int hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
            while (i < mid) tmp[k++] = a[i++];
            while (j < hi) tmp[k++] = a[j++];
        }
        for (int i = 0; i < n; i++) a[i] = tmp[i];
    }
}

int main(void)
{
    int *a = malloc(N * sizeof(int)), *b = malloc(N * sizeof(int)), *t = malloc(N * sizeof(int));
    for (int i = 0; i < N; i++) a[i] = b[i] = (int)(next_rand() % 1000000);
    quicksort(a, 0, N - 1);
    merge_sort(b, t, N);
    unsigned long sum = 0;
    for (int i = 0; i < N; i++) {
        if (a[i] != b[i] || (i && a[i - 1] > a[i])) { printf("mismatch at %d\n", i); return 1; }
        sum = sum * 31 + (unsigned long)a[i];
    }
    printf("sorted %d, checksum %lu\n", N, sum);
    free(a); free(b); free(t);
    return 0;
}
