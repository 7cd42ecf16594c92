/* One-dimensional arrays: initialisation, partial init, sizeof, passing to functions. */
#include <stdio.h>

static int sum(const int *v, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

static void reverse(char s[], int n)
{
    for (int i = 0, j = n - 1; i < j; i++, j--) {
        char t = s[i];
        s[i] = s[j];
        s[j] = t;
    }
}

int main(void)
{
    int a[5] = { 1, 2, 3, 4, 5 };
    int b[10] = { 7, 8 };               /* rest zero */
    int c[] = { 9, 8, 7, 6 };
    char s[] = "abcdef";
    char t[10] = "xyz";
    printf("%d %d %d\n", sum(a, 5), sum(b, 10), sum(c, 4));
    printf("%d %d %d %d\n", (int)sizeof a, (int)sizeof c, (int)sizeof s, (int)sizeof t);
    for (int i = 0; i < 10; i++)
        printf("%d ", b[i]);
    printf("\n");
    reverse(s, 6);
    printf("%s\n", s);
    for (int i = 0; i < 10; i++)
        printf("%d,", t[i]);
    printf("\n");
    long fib[20];
    fib[0] = 0;
    fib[1] = 1;
    for (int i = 2; i < 20; i++)
        fib[i] = fib[i - 1] + fib[i - 2];
    printf("%ld %ld\n", fib[10], fib[19]);
    int idx[5] = { 4, 3, 2, 1, 0 };
    for (int i = 0; i < 5; i++)
        printf("%d", a[idx[i]]);
    printf("\n");
    unsigned char bytes[4] = { 0xde, 0xad, 0xbe, 0xef };
    unsigned int w = 0;
    for (int i = 0; i < 4; i++)
        w = (w << 8) | bytes[i];
    printf("%x\n", w);
    int copy[5];
    for (int i = 0; i < 5; i++)
        copy[i] = a[i] * 2;
    printf("%d\n", copy[4]);
    printf("%d\n", 2[a]);
    return 0;
}
