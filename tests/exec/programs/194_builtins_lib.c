/* Library and utility builtins: __builtin_memcpy, strlen and friends (also without a header
   declaration), abs/labs, __builtin_expect in conditions, __builtin_constant_p
   on constant expressions, __builtin_offsetof with nested members and array
   indices, va_copy, __builtin_prefetch, and __builtin_unreachable /
   __builtin_trap on paths that never run. */
#include <stdarg.h>
#include <stdio.h>

struct inner { char tag; long vals[3]; };
struct outer { int head[4]; struct inner in; struct inner more[2]; };

static int sum_twice(int n, ...) {
    va_list ap, copy;
    va_start(ap, n);
    va_copy(copy, ap);
    int total = 0;
    for (int i = 0; i < n; i++)
        total += va_arg(ap, int);
    for (int i = 0; i < n; i++)
        total += 100 * __builtin_va_arg(copy, int);
    va_end(copy);
    va_end(ap);
    return total;
}

static int classify(int v) {
    if (__builtin_expect(v < 0, 0))
        return -1;
    if (__builtin_expect(!!(v > 100), 0))
        return 2;
    switch (v & 1) {
    case 0: return 0;
    case 1: return 1;
    default: __builtin_unreachable();
    }
}

static int checked_div(int a, int b) {
    if (b == 0)
        __builtin_trap();
    return a / b;
}

int main(void) {
    char src[32], dst[32];
    __builtin_memset(src, 'a', 31);
    src[31] = 0;
    src[5] = 'Z';
    __builtin_memcpy(dst, src, sizeof src);
    __builtin_memmove(dst + 1, dst, 10);
    printf("%s %d %d\n", dst, __builtin_memcmp(src, dst, 4) != 0,
           __builtin_memcmp(src + 12, dst + 12, 8));
    printf("%zu %d %d %d\n", __builtin_strlen(src), __builtin_strcmp("abc", "abd") < 0,
           __builtin_strcmp("b", "a") > 0, __builtin_strcmp(src, dst + 1) == 0);
    printf("%d %ld %lld\n", __builtin_abs(-17), __builtin_labs(-9L), __builtin_llabs(-5LL));
    int a = 3;
    printf("constant_p %d %d %d %d\n", __builtin_constant_p(3 + 4), __builtin_constant_p(a),
           __builtin_constant_p(sizeof(int) * 2), __builtin_constant_p("str"));
    enum { K = __builtin_constant_p(12) ? 5 : 6 };
    printf("K %d\n", K);
    printf("offsetof %zu %zu %zu %zu %zu\n", __builtin_offsetof(struct outer, head[2]),
           __builtin_offsetof(struct outer, in.tag), __builtin_offsetof(struct outer, in.vals[2]),
           __builtin_offsetof(struct outer, more[1].vals[1]),
           __builtin_offsetof(struct outer, more[1]));
    static const int off = __builtin_offsetof(struct outer, in.vals[1]);
    printf("static offset %d\n", off);
    printf("va %d %d\n", sum_twice(3, 1, 2, 3), sum_twice(0));
    for (int v = -2; v < 103; v += 35)
        printf("classify(%d)=%d ", v, classify(v));
    printf("\n");
    for (int i = 0; i < 8; i += 2) {
        __builtin_prefetch(&src[i]);
        __builtin_prefetch(&src[i], 1, 3);
    }
    int calls = 0;
    __builtin_prefetch((calls++, src));
    printf("prefetch evaluated %d\n", calls);
    printf("div %d\n", checked_div(42, 5));
    return 0;
}
