/* GNU packed/aligned attributes, _Alignas and #pragma pack. */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
struct __attribute__((packed)) P { char c; int i; short s; };
struct Q { char c; int i; } __attribute__((packed));
struct R { char c; long l __attribute__((aligned(16))); };
typedef struct { char c; int i; } __attribute__((packed)) T;
#pragma pack(push, 2)
struct W { char c; long l; };
#pragma pack(pop)
struct N { char c; long l; };
int x __attribute__((aligned(64))) = 3;
_Alignas(32) static char buf[4];
int main(void)
{
    int y __attribute__((aligned(32))) = 1;
    _Alignas(16) char z = 2;
    printf("%zu %zu %zu %zu %zu\n", sizeof(struct P), offsetof(struct P, s), sizeof(struct Q),
           sizeof(struct R), _Alignof(struct R));
    printf("%zu %zu %zu\n", sizeof(T), sizeof(struct W), sizeof(struct N));
    printf("%d %d %d %d\n", (int)((uintptr_t)&x % 64), (int)((uintptr_t)buf % 32),
           (int)((uintptr_t)&y % 32), (int)((uintptr_t)&z % 16));
    return x + y + z + buf[0] - 6;
}
