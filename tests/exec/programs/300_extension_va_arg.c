/* `__extension__` everywhere gcc takes it (file-scope and block declarations,
   struct members, `for` clauses, expressions, casts, statement expressions,
   before _Static_assert) and `__builtin_va_arg(ap, type-name)` with scalar,
   pointer and struct types: parsed natively, as preprocessed (.i) text has them. */
#include <stdarg.h>
#include <stdio.h>

__extension__ typedef long long ll;
__extension__ static ll big = 1LL << 40;
__extension__ extern int printf(const char *, ...);
struct S { __extension__ int a; __extension__ union { int b; char c; }; };
__extension__ _Static_assert(sizeof(ll) == 8, "ll is 64-bit");
struct Big { long w[5]; };

static long sum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long r = 0;
    for (__extension__ int i = 0; i < n; i++)
        r += __builtin_va_arg(ap, int);
    struct S s = __builtin_va_arg(ap, struct S);
    const char *str = __builtin_va_arg(ap, const char *);
    struct Big b = __builtin_va_arg(ap, struct Big);
    double d = __builtin_va_arg(ap, double);
    unsigned long long u = __builtin_va_arg(ap, unsigned long long);
    va_end(ap);
    printf("%s %ld %d\n", str, b.w[4], (int)d);
    return r + s.a + s.b + (long)u;
}

int main(void)
{
    __extension__ ll x = __extension__ 1LL;
    int y = __extension__ ({ int t = 2; t * 3; });
    int z = (__extension__ (int) 4) + __extension__ sizeof(int);
    struct S s = { 5, { 6 } };
    struct Big b = { { 1, 2, 3, 4, 99 } };
    __extension__ ({ printf("statement expression\n"); });
    printf("%lld %d %d %lld\n", x, y, z, big);
    printf("%ld\n", sum(3, 1, 2, 3, s, "str", b, 2.5, 7ULL));
    return 0;
}
