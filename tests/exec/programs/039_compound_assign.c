/* Every compound assignment operator on several types, including pointers and array elements. */
#include <stdio.h>

int main(void)
{
    int i = 100;
    i += 5; printf("%d\n", i);
    i -= 25; printf("%d\n", i);
    i *= 3; printf("%d\n", i);
    i /= 7; printf("%d\n", i);
    i %= 13; printf("%d\n", i);
    i <<= 4; printf("%d\n", i);
    i >>= 2; printf("%d\n", i);
    i &= 0x7ff; printf("%d\n", i);
    i |= 0x1000; printf("%d\n", i);
    i ^= 0xff; printf("%d\n", i);
    unsigned u = 10;
    u -= 20; printf("%u\n", u);
    u *= 3; printf("%u\n", u);
    u >>= 3; printf("%u\n", u);
    unsigned char uc = 250;
    uc += 10; printf("%d\n", uc);
    uc *= 3; printf("%d\n", uc);
    signed char sc = 100;
    sc -= 50; printf("%d\n", sc);
    short s = 1000;
    s *= 30; printf("%d\n", s);
    s /= -7; printf("%d\n", s);
    long l = 1;
    l <<= 40; printf("%ld\n", l);
    l += i; printf("%ld\n", l);
    l %= 1000; printf("%ld\n", l);
    int arr[4] = { 1, 2, 3, 4 };
    int k = 0;
    arr[k++] += 10;
    arr[k++] *= 10;
    arr[++k] -= 10;
    printf("%d %d %d %d k=%d\n", arr[0], arr[1], arr[2], arr[3], k);
    int *p = arr;
    p += 3; printf("%d\n", *p);
    p -= 2; printf("%d\n", *p);
    struct { int v; long w; } st = { 5, 6 };
    st.v *= st.w; st.w ^= st.v;
    printf("%d %ld\n", st.v, st.w);
    int a = 2, b = 3, c = 4;
    a += b *= c -= 1;
    printf("%d %d %d\n", a, b, c);
    char ch = 'a';
    ch += 2; printf("%c\n", ch);
    unsigned long long ull = 1;
    for (int n = 0; n < 5; n++)
        ull *= 1000;
    ull |= 1; ull ^= 3;
    printf("%llu\n", ull);
    int x = 7;
    int *px = &x;
    *px += *px;
    *px <<= 1;
    printf("%d\n", x);
    return 0;
}
