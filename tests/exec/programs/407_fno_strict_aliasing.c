// FLAGS: -fno-strict-aliasing
/* -fno-strict-aliasing: an object may be read and written through pointers
   of unrelated types. atomc has no type-based alias analysis, so it keeps
   these accesses in order at every level; gcc -O2 without the flag reorders
   some of them (tests/exec/test_semantics_flags.py checks that too). */
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) int int_then_float(int *i, float *f) {
    *i = 1;
    *f = 0.0f;
    return *i;
}

__attribute__((noinline)) long long_then_short(long *l, short *s) {
    *l = -1;
    s[1] = 0;
    return *l;
}

__attribute__((noinline)) unsigned bits_of(float x) {
    float tmp = x;
    return *(unsigned *)&tmp;
}

struct a { int x; };
struct b { int x; };
__attribute__((noinline)) int struct_pun(struct a *p, struct b *q) {
    p->x = 10;
    q->x = 20;
    return p->x;
}

__attribute__((noinline)) double fill(double *d, long *l, int n) {
    double sum = 0;
    for (int k = 0; k < n; k++) {
        d[k] = k + 0.5;
        l[k] ^= 1;  /* flips the lowest mantissa bit of the same double */
        sum += d[k];
    }
    return sum;
}

int main(void) {
    union { int i; float f; long l; short s[4]; double d[4]; long ls[4]; struct a sa; } u;
    memset(&u, 0, sizeof u);
    printf("int_then_float %d\n", int_then_float(&u.i, &u.f));
    printf("long_then_short %lx\n", long_then_short(&u.l, u.s));
    printf("bits_of %x\n", bits_of(1.5f));
    printf("struct_pun %d\n", struct_pun(&u.sa, (struct b *)&u.sa));
    printf("fill %.17g\n", fill(u.d, u.ls, 4));
    return 0;
}
