#include <stdio.h>
__attribute__((noinline)) unsigned id(unsigned x) { return x; }
__attribute__((noinline)) unsigned long idl(unsigned long x) { return x; }
int main(void) {
    unsigned vals[] = {1, 2, 3, 0x80000000u, 0x7fffffffu, 0x00f00000u, 12345u, 0xffffffffu};
    for (int i = 0; i < 8; i++) {
        unsigned v = id(vals[i]);
        printf("%u: clz=%d ctz=%d pop=%d par=%d ffs=%d\n", v, __builtin_clz(v), __builtin_ctz(v),
               __builtin_popcount(v), __builtin_parity(v), __builtin_ffs((int)v));
    }
    unsigned long lv[] = {1, 0x8000000000000000ul, 0x123456789abcdeful, 0x100000000ul, 7};
    for (int i = 0; i < 5; i++) {
        unsigned long v = idl(lv[i]);
        printf("%lx: clzl=%d ctzl=%d popl=%d parl=%d ffsl=%d clzll=%d ctzll=%d parll=%d ffsll=%d\n",
               v, __builtin_clzl(v), __builtin_ctzl(v), __builtin_popcountl(v),
               __builtin_parityl(v), __builtin_ffsl((long)v), __builtin_clzll(v),
               __builtin_ctzll(v), __builtin_parityll(v), __builtin_ffsll((long long)v));
    }
    printf("ffs0=%d ffsl0=%d par0=%d\n", __builtin_ffs(id(0)), __builtin_ffsl(idl(0)),
           __builtin_parity(id(0)));
    printf("const: %d %d %d %d %d\n", __builtin_clz(1), __builtin_ctz(64), __builtin_ffs(0),
           __builtin_parity(7), __builtin_clzll(1ull << 40));
    int acc = 0;
    for (unsigned x = 1; x < 5000; x += 7)
        acc += __builtin_clz(x) * 3 + __builtin_ctz(x) + __builtin_parity(x) + __builtin_ffs(x);
    printf("acc=%d\n", acc);
    return 0;
}
