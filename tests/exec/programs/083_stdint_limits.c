/* <stdint.h> and <limits.h>: fixed-width types, their limits, and arithmetic at the boundaries. */
#include <stdio.h>
#include <stdint.h>
#include <limits.h>
#include <inttypes.h>

int main(void)
{
    printf("%d %d %d\n", CHAR_BIT, SCHAR_MIN, SCHAR_MAX);
    printf("%d %d %u\n", CHAR_MIN, CHAR_MAX, UCHAR_MAX);
    printf("%d %d %u\n", SHRT_MIN, SHRT_MAX, USHRT_MAX);
    printf("%d %d %u\n", INT_MIN, INT_MAX, UINT_MAX);
    printf("%ld %ld %lu\n", LONG_MIN, LONG_MAX, ULONG_MAX);
    printf("%lld %lld %llu\n", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
    int8_t i8 = INT8_MIN;
    uint8_t u8 = UINT8_MAX;
    int16_t i16 = INT16_MAX;
    uint16_t u16 = UINT16_MAX;
    int32_t i32 = INT32_MIN;
    uint32_t u32 = UINT32_MAX;
    int64_t i64 = INT64_MAX;
    uint64_t u64 = UINT64_MAX;
    printf("%" PRId8 " %" PRIu8 " %" PRId16 " %" PRIu16 "\n", i8, u8, i16, u16);
    printf("%" PRId32 " %" PRIu32 " %" PRId64 " %" PRIu64 "\n", i32, u32, i64, u64);
    u8++;
    u16 += 2;
    u32 += 3;
    u64 += 4;
    printf("%u %u %" PRIu32 " %" PRIu64 "\n", u8, u16, u32, u64);
    printf("%d %d %d %d\n", (int)sizeof(int8_t), (int)sizeof(int16_t), (int)sizeof(int32_t), (int)sizeof(int64_t));
    intptr_t ip = -5;
    uintptr_t up = (uintptr_t)ip;
    printf("%" PRIdPTR " %" PRIxPTR "\n", ip, up);
    size_t sz = SIZE_MAX;
    printf("%zu\n", sz);
    int64_t prod = (int64_t)INT32_MAX * INT32_MAX;
    printf("%" PRId64 "\n", prod);
    uint32_t hash = 0;
    for (int i = 0; i < 100; i++)
        hash = (hash << 5) - hash + (uint32_t)i;
    printf("%" PRIx32 "\n", hash);
    int_least16_t l16 = -1000;
    uint_fast8_t f8 = 200;
    printf("%d %u\n", (int)l16, (unsigned)f8);
    printf("%d\n", INT_MIN / -INT_MAX);
    printf("%lld\n", (long long)INT_MIN - 1);
    return 0;
}
