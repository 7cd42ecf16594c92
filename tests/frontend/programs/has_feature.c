/* What real headers test with __has_builtin / __has_attribute and then use (glibc's
   <sys/cdefs.h> and <wchar.h>, pcre2's JIT, Python's pycore_bitutils.h and pymath.h,
   X11's Xfuncproto.h, PostgreSQL's c.h, brotli's port.h), taken the way gcc 12's cpp
   answers: both the used paths (the builtin or attribute exists) and the fallbacks (it
   does not, e.g. clang's __builtin_bitreverse32), so atomc's build takes gcc's paths. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

#if __has_attribute(cold)
#define COLD __attribute__((cold))
#else
#define COLD
#endif
#if __has_attribute(hot)
#define HOT __attribute__((hot))
#else
#define HOT
#endif
#if __has_attribute(__sentinel__)
#define SENTINEL __attribute__((__sentinel__))
#else
#define SENTINEL
#endif
#if __has_attribute(visibility)
#define HIDDEN __attribute__((visibility("hidden")))
#else
#define HIDDEN
#endif
#if __has_attribute(nonstring)
#define NONSTRING __attribute__((nonstring))
#else
#define NONSTRING
#endif
#if __has_attribute(no_sanitize_thread)
#define NO_TSAN __attribute__((no_sanitize_thread))
#else
#define NO_TSAN
#endif
#if __has_attribute(__warn_unused_result__) && __has_attribute(__malloc__) \
    && __has_attribute(__deprecated__) && __has_attribute(__noreturn__) \
    && __has_attribute(__format__) && __has_attribute(nonnull) && __has_attribute(__unused__) \
    && __has_attribute(returns_nonnull) && __has_attribute(alloc_size) \
    && __has_attribute(fallthrough) && __has_attribute(retain) && __has_attribute(access)
#define ALL_COMMON 1
#else
#define ALL_COMMON 0
#endif
#if __has_attribute(enable_if) || __has_attribute(trivial_abi) || __has_attribute(nodebug)
#define CLANG_ONLY 1
#else
#define CLANG_ONLY 0
#endif

COLD static int rare(int x) { return x * 3; }
HOT HIDDEN static int common(int x) { return x + 1; }
SENTINEL static int count_args(const char *first, ...) { return first != NULL; }
static const char tag[4] NONSTRING = "abcd";
NO_TSAN static int racy(int *p) { return ++*p; }

int main(void)
{
    int shared = 0;
    printf("attributes %d %d %d %d %.4s %d all=%d clang=%d\n", rare(2), common(2),
           count_args("a", NULL), racy(&shared), tag, shared, ALL_COMMON, CLANG_ONLY);
#if __has_builtin(__builtin_expect)
    printf("expect %ld\n", __builtin_expect(5L, 5L));
#endif
#if __has_builtin(__builtin_unreachable) && __has_builtin(__builtin_trap)
    puts("unreachable and trap available");
#endif
#if __has_builtin(__builtin_bswap16) && __has_builtin(__builtin_bswap32) && \
    __has_builtin(__builtin_bswap64)
    printf("bswap %x %x %llx\n", __builtin_bswap16(0xabcd), __builtin_bswap32(0x11223344),
           (unsigned long long)__builtin_bswap64(0x1122334455667788ULL));
#endif
#if __has_builtin(__builtin_add_overflow) && __has_builtin(__builtin_sub_overflow) && \
    __has_builtin(__builtin_mul_overflow) && __has_builtin(__builtin_uadd_overflow) && \
    __has_builtin(__builtin_sadd_overflow) && __has_builtin(__builtin_ssub_overflow) && \
    __has_builtin(__builtin_smul_overflow)
    int r;
    unsigned ur;
    printf("overflow %d %d %d %d %d %d %d\n", __builtin_add_overflow(0x7fffffff, 1, &r),
           __builtin_sub_overflow(-5, 3, &r), __builtin_mul_overflow(1 << 20, 1 << 12, &r),
           __builtin_uadd_overflow(~0u, 1u, &ur), __builtin_sadd_overflow(1, 2, &r),
           __builtin_ssub_overflow(-0x7fffffff, 2, &r), __builtin_smul_overflow(3, 4, &r));
#endif
#if __has_builtin(__builtin_clz) && __has_builtin(__builtin_ctz) && \
    __has_builtin(__builtin_clzll) && __has_builtin(__builtin_ctzll) && \
    __has_builtin(__builtin_popcount)
    printf("bits %d %d %d %d %d\n", __builtin_clz(1), __builtin_ctz(8), __builtin_clzll(1),
           __builtin_ctzll(1ULL << 40), __builtin_popcount(0xff));
#endif
#if __has_builtin(__builtin_assume_aligned) && __has_builtin(__builtin_frame_address)
    static int aligned_arr[4] __attribute__((aligned(16))) = { 1, 2, 3, 4 };
    int *ap = __builtin_assume_aligned(aligned_arr, 16);
    printf("assume_aligned %d %d\n", ap[3], __builtin_frame_address(0) != 0);
#endif
#if __has_builtin(__builtin_nan) && __has_builtin(__builtin_isinf) && \
    __has_builtin(__builtin_strlen)
    printf("nan %d inf %d strlen %zu\n", __builtin_nan("") != __builtin_nan(""),
           __builtin_isinf(__builtin_inf()), __builtin_strlen("four"));
#endif
#if __has_builtin(__builtin___clear_cache)
    char code[16];
    __builtin___clear_cache(code, code + sizeof code);
    puts("clear_cache available");
#else
    puts("clear_cache missing");
#endif
#if __has_builtin(__builtin_LINE) && __has_builtin(__builtin_FUNCTION)
    printf("location %d %s\n", __builtin_LINE() > 0, __builtin_FUNCTION());
#endif
#if __has_builtin(__builtin_bitreverse32) || __has_builtin(__builtin_assume) || \
    __has_builtin(__builtin_debugtrap)
    puts("clang builtins");
#else
    puts("no clang builtins: fallback taken");
#endif
    /* <wchar.h> chose `__attr_dealloc (__builtin_fclose, 1)` via __has_builtin */
    wchar_t *wbuf;
    size_t wlen;
    FILE *ws = open_wmemstream(&wbuf, &wlen);
    fwprintf(ws, L"%d", 42);
    fclose(ws);
    printf("wmemstream %ls %zu\n", wbuf, wlen);
    free(wbuf);
    return 0;
}
