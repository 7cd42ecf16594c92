/* A 3 MB variable-length array and a 200 kB fixed frame: with
   -fstack-clash-protection every page of both is probed on the way down. */
#include <stdio.h>
#include <string.h>

static long fill(int n)
{
    char v[n];
    memset(v, 1, n);
    long s = 0;
    for (int i = 0; i < n; i += 4096)
        s += v[i];
    return s;
}

static long __attribute__((noinline)) big_frame(int k)
{
    char b[200000];
    memset(b, k, sizeof b);
    long s = 0;
    for (int i = 0; i < 200000; i += 1000)
        s += b[i];
    return s;
}

int main(void)
{
    printf("%ld %ld\n", fill(3 << 20), big_frame(2));
    return 0;
}
