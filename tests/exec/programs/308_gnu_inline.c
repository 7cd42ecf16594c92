/* GNU extern inline functions: a gnu_inline body is only for inlining (calls that are not
   inlined, and the function's address, go to the external definition), always_inline ones
   pass their variadic arguments on with __builtin_va_arg_pack() and count them with
   __builtin_va_arg_pack_len(), and __builtin_constant_p sees the caller's constants. */
#include <stdio.h>

extern inline __attribute__((gnu_inline)) int twice(int x) { return 2 * x; }
int twice(int x) { return x + x; }

extern inline __attribute__((gnu_inline, always_inline)) int say(const char *fmt, ...)
{
    return printf("[%d] ", __builtin_va_arg_pack_len()) + printf(fmt, __builtin_va_arg_pack());
}

extern inline __attribute__((gnu_inline, always_inline)) int scaled(int v, int k)
{
    if (__builtin_constant_p(k) && k == 1)
        return v;
    return v * k;
}

struct pair { int a, b; };
extern inline __attribute__((gnu_inline, always_inline)) struct pair swap(struct pair p)
{
    struct pair q = { p.b, p.a };
    for (int i = 0; i < 2; i++)
        if (i == 1)
            return q;
    return p;
}

static int counter;
static int next(void) { return ++counter; }

int main(void)
{
    int (*fp)(int) = twice;
    say("%d %d %s\n", twice(3), fp(4), "x");
    say("none\n");
    say("%d %d %d\n", next(), next(), next());
    int k = counter;
    struct pair p = swap((struct pair){ 1, 2 });
    printf("%d %d %d %d %d\n", scaled(7, 1), scaled(7, 3), scaled(7, k), p.a, p.b);
    return 0;
}
