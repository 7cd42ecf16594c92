/* Pre/post increment and decrement on integers of each width, pointers and struct members. */
#include <stdio.h>

int main(void)
{
    int i = 5;
    printf("%d ", i++);
    printf("%d ", i);
    printf("%d ", ++i);
    printf("%d ", i--);
    printf("%d ", --i);
    printf("%d\n", i);
    unsigned char uc = 255;
    uc++;
    printf("%d\n", uc);
    uc--;
    printf("%d\n", uc);
    signed char sc = -128;
    sc++;
    printf("%d\n", sc);
    unsigned short us = 0;
    us--;
    printf("%u\n", us);
    long l = -1;
    printf("%ld ", ++l);
    printf("%ld ", l++);
    printf("%ld\n", l);
    unsigned long long ull = 0;
    --ull;
    printf("%llu\n", ull);
    int arr[5] = { 10, 20, 30, 40, 50 };
    int *p = arr;
    printf("%d ", *p++);
    printf("%d ", *++p);
    printf("%d ", ++*p);
    printf("%d ", (*p)++);
    printf("%d\n", *p);
    p = &arr[4];
    while (p > arr)
        printf("%d ", *p--);
    printf("%d\n", *p);
    struct { int count; long total; } st = { 0, 100 };
    st.count++;
    ++st.count;
    st.total--;
    printf("%d %ld\n", st.count, st.total);
    char s[] = "abc";
    char *cp = s;
    while (*cp)
        (*cp++)++;
    printf("%s\n", s);
    long la[3] = { 1, 2, 3 };
    long *lp = la + 2;
    printf("%ld ", *lp--);
    printf("%ld\n", *lp);
    int k = 0;
    int arr2[4] = { 0 };
    arr2[k++] = 7;
    arr2[k] = k;
    printf("%d %d %d\n", arr2[0], arr2[1], k);
    _Bool b = 0;
    b++;
    printf("%d\n", b);
    b++;
    printf("%d\n", b);
    return 0;
}
