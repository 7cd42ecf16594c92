/* gcc's keyword spellings (__signed__, __const__, __volatile__, __restrict__, __inline__,
   __alignof__ with types and expressions, __typeof, __asm__), _Alignas on variables and members
   (layouts and addresses as gcc), aligned typedefs, _Static_assert, _Noreturn, __auto_type,
   __builtin_types_compatible_p and local labels (__label__) in statement expressions. */
#include <stdio.h>
#include <stddef.h>
typedef __signed__ char s8;
typedef __signed short s16;
static __inline__ int inl(int x) { return x + 1; }
static __inline int inl2(int x) { return x + 2; }
__const int cval = 3;
const __const__ int cval2 = 4;
__volatile int vol = 5;
__volatile__ int vol2 = 6;
struct A { char c; _Alignas(8) char d; int e; };
struct B { char c; _Alignas(long double) short s; };
struct C { char c; _Alignas(32) int big[3]; char tail; };
struct D { _Alignas(16) char x; };
_Alignas(16) static char buf16[5];
_Alignas(double) static char bufd;
typedef int aligned_int __attribute__((aligned(16)));
struct E { char c; aligned_int i; };
_Static_assert(sizeof(s8) == 1, "s8");
_Noreturn static void die(void);
static int copy(char *__restrict dst, const char *__restrict__ src) { *dst = *src; return 0; }
#define MAX(a, b) ({ __label__ out; int r_ = (a); if (r_ > (b)) goto out; r_ = (b); out: r_; })

int main(void)
{
    s8 m = -1;
    s16 n = -2;
    struct A a; struct C cc;
    _Alignas(32) int local = 7;
    __typeof(local) t1 = 8;
    __typeof__(t1) t2 = 9;
    __auto_type at = 10L;
    char d = 0;
    __asm__ __volatile__("" ::: "memory");
    __asm volatile("");
    copy(&d, "x");
    printf("%d %d %d %d %d %d %d %d\n", m, n, inl(1), inl2(1), cval, cval2, vol, vol2);
    printf("A %zu %zu %zu %zu\n", sizeof(struct A), _Alignof(struct A), offsetof(struct A, d),
           offsetof(struct A, e));
    printf("B %zu %zu %zu\n", sizeof(struct B), __alignof__(struct B), offsetof(struct B, s));
    printf("C %zu %zu %zu %zu\n", sizeof(struct C), __alignof(struct C), offsetof(struct C, big),
           offsetof(struct C, tail));
    printf("D %zu %zu\n", sizeof(struct D), _Alignof(struct D));
    printf("E %zu %zu %zu\n", sizeof(struct E), _Alignof(struct E), offsetof(struct E, i));
    printf("al %zu %zu %zu %zu %zu\n", __alignof__(local), __alignof__ buf16, _Alignof(bufd),
           __alignof__(aligned_int), sizeof(aligned_int));
    printf("addr %d %d %d\n", (int)((unsigned long)&local % 32), (int)((unsigned long)buf16 % 16),
           (int)((unsigned long)&cc.big % 32));
    printf("%d %d %ld %d %d\n", t1, t2, at, MAX(1, 2), MAX(3, 2));
    printf("%d %d\n", __builtin_types_compatible_p(s8, signed char),
           __builtin_types_compatible_p(__typeof__(at), long));
    (void)a;
    return d;
}
static void die(void) { for (;;); }
