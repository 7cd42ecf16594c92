/* Variadic functions with long, pointer, string and mixed arguments, va_copy, and a vprintf wrapper. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

static long mixed(const char *fmt, ...)
{
    va_list ap;
    long acc = 0;
    va_start(ap, fmt);
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'i': acc += va_arg(ap, int); break;
        case 'l': acc += va_arg(ap, long); break;
        case 'u': acc += (long)va_arg(ap, unsigned long long); break;
        case 's': acc += (long)strlen(va_arg(ap, const char *)); break;
        case 'p': acc += *va_arg(ap, int *); break;
        }
    }
    va_end(ap);
    return acc;
}

static void twice(int n, ...)
{
    va_list ap, copy;
    va_start(ap, n);
    va_copy(copy, ap);
    long first = 0, second = 0;
    for (int i = 0; i < n; i++)
        first += va_arg(ap, long);
    for (int i = 0; i < n; i++)
        second += va_arg(copy, long) * 2;
    va_end(copy);
    va_end(ap);
    printf("twice %ld %ld\n", first, second);
}

static int logf_(const char *level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = printf("[%s] ", level);
    n += vprintf(fmt, ap);
    va_end(ap);
    return n;
}

static void vsum(int n, va_list ap, long *out)
{
    *out = 0;
    while (n--)
        *out += va_arg(ap, long);
}

static long sum_via(int n, ...)
{
    va_list ap;
    long r;
    va_start(ap, n);
    vsum(n, ap, &r);
    va_end(ap);
    return r;
}

static void join(char *out, size_t size, const char *sep, ...)
{
    va_list ap;
    va_start(ap, sep);
    out[0] = '\0';
    const char *s;
    int first = 1;
    while ((s = va_arg(ap, const char *)) != NULL) {
        if (!first)
            strncat(out, sep, size - strlen(out) - 1);
        strncat(out, s, size - strlen(out) - 1);
        first = 0;
    }
    va_end(ap);
}

int main(void)
{
    int x = 1000;
    printf("%ld\n", mixed("ilsp", 5, 1L << 40, "hello", &x));
    printf("%ld\n", mixed("iiiiiiiilll", 1, 2, 3, 4, 5, 6, 7, 8, 10L, 20L, 30L));
    printf("%ld\n", mixed("upsi", 7ULL, &x, "abc", -4));
    twice(3, 1L, 2L, 3L);
    twice(9, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    int n = logf_("info", "%d items, %s, %ld bytes\n", 3, "ok", 123456789012L);
    printf("%d\n", n);
    printf("%ld\n", sum_via(7, 10L, 20L, 30L, 40L, 50L, 60L, 70L));
    char buf[64];
    join(buf, sizeof buf, ", ", "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", (char *)NULL);
    printf("%s\n", buf);
    return 0;
}
