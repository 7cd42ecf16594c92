/* Recursion: fibonacci, ackermann, hanoi, permutations, power set, binary search. */
#include <stdio.h>

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int ack(int m, int n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static int moves;
static void hanoi(int n, char from, char to, char via)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    moves++;
    if (n >= 4)
        printf("move disk %d %c->%c\n", n, from, to);
    hanoi(n - 1, via, to, from);
}

static void permute(char *s, int k, int n)
{
    if (k == n) {
        printf("%s ", s);
        return;
    }
    for (int i = k; i < n; i++) {
        char t = s[k]; s[k] = s[i]; s[i] = t;
        permute(s, k + 1, n);
        t = s[k]; s[k] = s[i]; s[i] = t;
    }
}

static int bsearch_rec(const int *a, int lo, int hi, int key)
{
    if (lo > hi)
        return -1;
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key)
        return mid;
    return a[mid] < key ? bsearch_rec(a, mid + 1, hi, key) : bsearch_rec(a, lo, mid - 1, key);
}

static long power(long base, int e)
{
    if (e == 0)
        return 1;
    long half = power(base, e / 2);
    return e % 2 ? half * half * base : half * half;
}

static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }

int main(void)
{
    for (int i = 0; i <= 25; i += 5)
        printf("fib(%d)=%ld\n", i, fib(i));
    for (int m = 0; m <= 2; m++)
        for (int n = 0; n <= 3; n++)
            printf("ack(%d,%d)=%d\n", m, n, ack(m, n));
    printf("ack(3,3)=%d\n", ack(3, 3));
    hanoi(6, 'A', 'C', 'B');
    printf("moves %d\n", moves);
    char s[] = "abcd";
    permute(s, 0, 4);
    printf("\n");
    int sorted[] = { 1, 3, 5, 7, 9, 11, 13, 15 };
    for (int k = 0; k <= 16; k += 3)
        printf("%d@%d ", k, bsearch_rec(sorted, 0, 7, k));
    printf("\n%ld %ld\n", power(3, 13), power(-2, 31));
    printf("%d\n", depth(10000));
    return 0;
}
