/* Builtins real code uses: value hints (expect_with_probability, assume_aligned,
   speculation_safe_value, prefetch), source locations, classify_type, bit builtins at every
   width, bswap, __builtin_*_overflow with 64-bit operands of mixed signedness and every result
   type, the *_overflow_p predicates, float constants with NaN payloads, isnormal, library
   builtins lowered to calls, and x86 pause/rdtsc. */
#include <stdio.h>
#include <stdint.h>
#include <limits.h>
#include <math.h>
static const char *where(void) { return __builtin_FUNCTION(); }
int main(void)
{
    long x = __builtin_expect_with_probability(5, 5, 0.9);
    int arr[4] __attribute__((aligned(16))) = {1, 2, 3, 4};
    int *pa = __builtin_assume_aligned(arr, 16);
    int *pb = __builtin_assume_aligned(arr, 16, 0);
    __builtin_prefetch(arr); __builtin_prefetch(arr, 1); __builtin_prefetch(arr, 0, 3);
    printf("%ld %d %d %d\n", x, pa[1], pb[2], __builtin_speculation_safe_value(7));
    printf("%d %s %s %d\n", __builtin_LINE(), __builtin_FILE(), where(), __builtin_classify_type(arr));
    unsigned u = 0x00f0u; unsigned long ul = 1UL << 40; unsigned long long ull = 0x8000000000000000ULL;
    printf("%d %d %d | %d %d %d | %d %d %d | %d %d %d | %d %d %d | %d %d %d\n",
           __builtin_clz(u), __builtin_clzl(ul), __builtin_clzll(ull),
           __builtin_ctz(u), __builtin_ctzl(ul), __builtin_ctzll(ull),
           __builtin_popcount(u), __builtin_popcountl(ul | 7), __builtin_popcountll(ull | 3),
           __builtin_parity(u | 1), __builtin_parityl(ul), __builtin_parityll(ull | 1),
           __builtin_ffs(0), __builtin_ffsl(ul), __builtin_ffsll(ull),
           __builtin_clrsb(-1), __builtin_clrsbl(1L), __builtin_clrsbll(-256LL));
    printf("%x %x %lx\n", __builtin_bswap16(0x1234), __builtin_bswap32(0x12345678), __builtin_bswap64(0x0102030405060708UL));
    /* mixed-signedness 64-bit overflow */
    long sr; unsigned long ur; int ir; unsigned ui;
    long vals[] = {0, 1, -1, LONG_MAX, LONG_MIN, 12345};
    unsigned long uvals[] = {0, 1, ULONG_MAX, (unsigned long)LONG_MAX + 1, 99};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++) {
            long a = vals[i]; unsigned long b = uvals[j];
            int o1 = __builtin_add_overflow(a, b, &sr), o2 = __builtin_add_overflow(a, b, &ur);
            int o3 = __builtin_sub_overflow(a, b, &sr), o4 = __builtin_sub_overflow(b, a, &ur);
            int o5 = __builtin_mul_overflow(a, b, &sr), o6 = __builtin_mul_overflow(b, a, &ur);
            int o7 = __builtin_mul_overflow(a, b, &ir), o8 = __builtin_add_overflow(a, b, &ui);
            int o9 = __builtin_mul_overflow(a, a, &ur), o10 = __builtin_sub_overflow(b, b + 1, &sr);
            printf("%d%d%d%d%d%d%d%d%d%d %ld %lu %d %u\n", o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, sr, ur, ir, ui);
        }
    printf("%d %d %d\n", __builtin_add_overflow_p(INT_MAX, 1, (int)0), __builtin_mul_overflow_p(100, 100, (signed char)0),
           __builtin_sub_overflow_p(5u, 3, (unsigned)0));
    printf("%f %f %d %d %d %d\n", __builtin_huge_val(), (double)__builtin_inff32(), isnormal(1.0), isnormal(0.0), __builtin_isnormal(1e-310), __builtin_isgreater(2.0, 1.0));
    unsigned long long bits; double dn = __builtin_nan("0x12"); __builtin_memcpy(&bits, &dn, 8); printf("%llx\n", bits);
    dn = __builtin_nans(""); __builtin_memcpy(&bits, &dn, 8); printf("%llx\n", bits);
    char buf[16]; __builtin_strcpy(buf, "hello"); __builtin_strcat(buf, "!");
    printf("%s %d %d %s %zu\n", buf, __builtin_strcmp(buf, "hello!"), __builtin_strncmp(buf, "help", 3), __builtin_strchr(buf, 'l'), __builtin_strlen(buf));
    __builtin_memmove(buf + 1, buf, 4); printf("%s %p\n", buf, __builtin_memchr(buf, 'z', 5));
    __builtin_ia32_pause();
    unsigned long long t0 = __builtin_ia32_rdtsc(), t1 = __builtin_ia32_rdtsc();
    printf("%d\n", t1 >= t0);
    __builtin___clear_cache(buf, buf + 4);
    return 0;
}
