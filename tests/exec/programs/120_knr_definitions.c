/* Old-style (K&R) definitions: parameters passed promoted and converted on entry,
   undeclared parameters default to int, earlier prototypes win, unprototyped calls. */
#include <stdio.h>

typedef unsigned char Byte;
struct pair { long a, b; };

long with_proto(char c, long n, Byte *p);

long with_proto(c, n, p)
    char c;
    long n;
    Byte *p;
{
    return c + n + p[1];
}

static int narrow(c, s, b, u) char c; short s; Byte b; unsigned u; {
    return c * 1000000 + s * 10 + b + (int)u;
}

int defaults(x, y) {
    return x * 3 - y;
}

int unproto();

static long sum(a, n, pr)
    register int a[];
    unsigned n;
    struct pair pr;
{
    unsigned i;
    long s = pr.a * pr.b;
    for (i = 0; i < n; i++)
        s += a[i];
    return s;
}

static int apply(f, v) int (*f)(); int v; {
    return f(v, 2);
}

int main(void) {
    Byte bytes[3] = {7, 200, 9};
    int arr[5] = {1, 2, 3, 4, 5};
    struct pair pr = {6, 7};
    printf("%ld\n", with_proto(3, 4, bytes));
    printf("%ld\n", with_proto(259, 1L << 40, bytes));
    printf("%d\n", narrow(-2, 300, 255, 7u));
    printf("%d\n", narrow(300, 70000, 513, 1u));
    printf("%d\n", defaults(5, 1));
    printf("%d\n", unproto(10, 4));
    printf("%ld\n", sum(arr, 5u, pr));
    printf("%d\n", apply(defaults, 4));
    return 0;
}

int unproto(a, b) int a, b; {
    return a / b + a % b;
}
