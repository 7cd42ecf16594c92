/* Sorting algorithms on the same pseudo-random data: bubble, insertion, selection, shell, merge
 * (top-down with a scratch buffer), quicksort (Lomuto and Hoare), heapsort, counting sort, LSD
 * radix sort on unsigned keys, plus a stable sort of records checked against libc qsort.
 * Function-pointer driven test harness with checksums. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 200

typedef void (*sort_fn)(int *a, int n);

static unsigned rng_state = 2463534242u;
static unsigned xorshift(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static void swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

static void bubble(int *a, int n)
{
    for (int i = 0; i < n - 1; i++) {
        int swapped = 0;
        for (int j = 0; j < n - 1 - i; j++)
            if (a[j] > a[j + 1]) {
                swap(&a[j], &a[j + 1]);
                swapped = 1;
            }
        if (!swapped)
            break;
    }
}

static void insertion(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i;
        while (j > 0 && a[j - 1] > v) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

static void selection(int *a, int n)
{
    for (int i = 0; i < n - 1; i++) {
        int m = i;
        for (int j = i + 1; j < n; j++)
            if (a[j] < a[m])
                m = j;
        if (m != i)
            swap(&a[i], &a[m]);
    }
}

static void shell(int *a, int n)
{
    static const int gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
    for (unsigned g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
        int gap = gaps[g];
        for (int i = gap; i < n; i++) {
            int v = a[i], j = i;
            for (; j >= gap && a[j - gap] > v; j -= gap)
                a[j] = a[j - gap];
            a[j] = v;
        }
    }
}

static void merge_rec(int *a, int *tmp, int lo, int hi)
{
    if (hi - lo < 2)
        return;
    int mid = lo + (hi - lo) / 2;
    merge_rec(a, tmp, lo, mid);
    merge_rec(a, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        tmp[k++] = a[j] < a[i] ? a[j++] : a[i++];
    while (i < mid)
        tmp[k++] = a[i++];
    while (j < hi)
        tmp[k++] = a[j++];
    memcpy(a + lo, tmp + lo, (size_t)(hi - lo) * sizeof *a);
}

static void merge_sort(int *a, int n)
{
    int *tmp = malloc((size_t)n * sizeof *tmp);
    merge_rec(a, tmp, 0, n);
    free(tmp);
}

static void quick_lomuto(int *a, int lo, int hi)
{
    while (lo < hi) {
        int pivot = a[hi], i = lo;
        for (int j = lo; j < hi; j++)
            if (a[j] < pivot)
                swap(&a[i++], &a[j]);
        swap(&a[i], &a[hi]);
        if (i - lo < hi - i) {
            quick_lomuto(a, lo, i - 1);
            lo = i + 1;
        } else {
            quick_lomuto(a, i + 1, hi);
            hi = i - 1;
        }
    }
}

static void quick1(int *a, int n) { quick_lomuto(a, 0, n - 1); }

static void quick_hoare(int *a, int lo, int hi)
{
    if (lo >= hi)
        return;
    int pivot = a[lo + (hi - lo) / 2];
    int i = lo - 1, j = hi + 1;
    for (;;) {
        do i++; while (a[i] < pivot);
        do j--; while (a[j] > pivot);
        if (i >= j)
            break;
        swap(&a[i], &a[j]);
    }
    quick_hoare(a, lo, j);
    quick_hoare(a, j + 1, hi);
}

static void quick2(int *a, int n) { quick_hoare(a, 0, n - 1); }

static void sift_down(int *a, int start, int end)
{
    int root = start;
    while (2 * root + 1 <= end) {
        int child = 2 * root + 1, target = root;
        if (a[target] < a[child])
            target = child;
        if (child + 1 <= end && a[target] < a[child + 1])
            target = child + 1;
        if (target == root)
            return;
        swap(&a[root], &a[target]);
        root = target;
    }
}

static void heap(int *a, int n)
{
    for (int s = (n - 2) / 2; s >= 0; s--)
        sift_down(a, s, n - 1);
    for (int end = n - 1; end > 0; end--) {
        swap(&a[0], &a[end]);
        sift_down(a, 0, end - 1);
    }
}

static void counting(int *a, int n)
{
    int lo = a[0], hi = a[0];
    for (int i = 1; i < n; i++) {
        if (a[i] < lo) lo = a[i];
        if (a[i] > hi) hi = a[i];
    }
    int range = hi - lo + 1;
    int *cnt = calloc((size_t)range, sizeof *cnt);
    for (int i = 0; i < n; i++)
        cnt[a[i] - lo]++;
    int k = 0;
    for (int v = 0; v < range; v++)
        while (cnt[v]--)
            a[k++] = v + lo;
    free(cnt);
}

static void radix(int *a, int n)
{
    unsigned *u = malloc((size_t)n * sizeof *u), *tmp = malloc((size_t)n * sizeof *tmp);
    for (int i = 0; i < n; i++)
        u[i] = (unsigned)a[i] ^ 0x80000000u;       /* order-preserving map of signed to unsigned */
    for (int shift = 0; shift < 32; shift += 8) {
        int count[257] = { 0 };
        for (int i = 0; i < n; i++)
            count[((u[i] >> shift) & 0xFF) + 1]++;
        for (int b = 0; b < 256; b++)
            count[b + 1] += count[b];
        for (int i = 0; i < n; i++)
            tmp[count[(u[i] >> shift) & 0xFF]++] = u[i];
        unsigned *t = u;
        u = tmp;
        tmp = t;
    }
    for (int i = 0; i < n; i++)
        a[i] = (int)(u[i] ^ 0x80000000u);
    free(u);
    free(tmp);
}

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

static void libc_qsort(int *a, int n) { qsort(a, (size_t)n, sizeof *a, cmp_int); }

struct algo { const char *name; sort_fn fn; };

struct rec { int key; int seq; };

static void stable_insertion(struct rec *r, int n)
{
    for (int i = 1; i < n; i++) {
        struct rec v = r[i];
        int j = i;
        while (j > 0 && r[j - 1].key > v.key) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = v;
    }
}

int main(void)
{
    static const struct algo algos[] = {
        { "bubble", bubble }, { "insertion", insertion }, { "selection", selection }, { "shell", shell },
        { "merge", merge_sort }, { "quick-lomuto", quick1 }, { "quick-hoare", quick2 }, { "heap", heap },
        { "counting", counting }, { "radix", radix }, { "qsort", libc_qsort },
    };
    int original[N], reference[N], work[N];
    for (int i = 0; i < N; i++)
        original[i] = (int)(xorshift() % 2001) - 1000;
    memcpy(reference, original, sizeof original);
    libc_qsort(reference, N);
    printf("min %d max %d median %d\n", reference[0], reference[N - 1], reference[N / 2]);
    for (unsigned k = 0; k < sizeof algos / sizeof algos[0]; k++) {
        memcpy(work, original, sizeof work);
        algos[k].fn(work, N);
        unsigned long checksum = 0;
        for (int i = 0; i < N; i++)
            checksum = checksum * 31 + (unsigned long)work[i];
        printf("%-13s %s %lu\n", algos[k].name, memcmp(work, reference, sizeof work) == 0 ? "ok" : "WRONG", checksum);
    }
    int edge[][5] = { { 5, 4, 3, 2, 1 }, { 1, 1, 1, 1, 1 }, { -1, 0, 1, 0, -1 } };
    for (int e = 0; e < 3; e++) {
        for (unsigned k = 0; k < sizeof algos / sizeof algos[0]; k++) {
            int t[5];
            memcpy(t, edge[e], sizeof t);
            algos[k].fn(t, 5);
            printf("%d%d%d%d%d ", t[0], t[1], t[2], t[3], t[4]);
        }
        printf("\n");
    }
    struct rec recs[12];
    for (int i = 0; i < 12; i++) {
        recs[i].key = (int)(xorshift() % 4);
        recs[i].seq = i;
    }
    stable_insertion(recs, 12);
    for (int i = 0; i < 12; i++)
        printf("%d.%d ", recs[i].key, recs[i].seq);
    printf("\n");
    return 0;
}
