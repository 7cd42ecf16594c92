/* Reduced by hand from csmith's default feature set, which puts `#pragma pack(1)`
 * around struct definitions (csmith --packed-struct, on by default).
 * configuration: atomc -O0, -O1, -O2, compared with gcc -O0
 * symptom: mismatch: atomc ignores `#pragma pack(push) / pack(1) / pack(pop)` without a
 *   diagnostic: sizeof(struct S0) is 12 instead of 7 and the fields sit at natural alignment,
 *   so union punning and byte checksums differ
 *   (gcc prints "7 01 78 56 34 12 03 00", atomc "12 01 00 00 00 78 56 34").
 * signature: output
 * open at:
 * status: passes with the front end in the working tree of 2026-11-22 08:05 (was open at all levels)
 */
#include <stdint.h>
#include <stdio.h>

#pragma pack(push)
#pragma pack(1)
struct S0 {
    int8_t f0;
    int32_t f1;
    int16_t f2;
};
#pragma pack(pop)

union U1 {
    struct S0 f0;
    uint8_t f1[8];
};

int main(void) {
    union U1 u = {{0}};
    int i;
    u.f0.f0 = 1;
    u.f0.f1 = 0x12345678;
    u.f0.f2 = 3;
    printf("%d", (int)sizeof(struct S0));
    for (i = 0; i < 7; i++)
        printf(" %02x", u.f1[i]);
    printf("\n");
    return 0;
}
