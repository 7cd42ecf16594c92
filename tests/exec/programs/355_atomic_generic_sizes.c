// The generic __atomic_load/store/exchange/compare_exchange on objects of every
// size: 1, 2, 4 and 8 bytes (structs, floats, pointers) are lock-free and
// inline; 3, 12 and 16 bytes go to libatomic, as with gcc. Also the lock-free
// queries, constant where gcc folds them.
// LINK: -latomic
#include <stdio.h>
#include <string.h>

struct b3 { char c[3]; };
struct b8 { short s; char c; int i; };
struct b12 { int a, b, c; };
struct b16 { long lo, hi; };

static struct b3 x3 = {{1, 2, 3}};
static struct b8 x8 = {-1, 'x', 99};
static struct b12 x12 = {10, 20, 30};
static struct b16 x16 = {1L << 40, -7};
static double xd = 0.5;
static float xf = 2.0f;

int main(void) {
    struct b3 r3, n3 = {{7, 8, 9}}, o3;
    __atomic_load(&x3, &r3, __ATOMIC_SEQ_CST);
    __atomic_exchange(&x3, &n3, &o3, __ATOMIC_ACQ_REL);
    printf("b3 %d%d%d %d%d%d %d%d%d\n", r3.c[0], r3.c[1], r3.c[2], o3.c[0], o3.c[1], o3.c[2],
           x3.c[0], x3.c[1], x3.c[2]);

    struct b8 e8 = x8, d8 = {5, 'y', -5}, bad = {0, 0, 0};
    int ok1 = __atomic_compare_exchange(&x8, &bad, &d8, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    int ok2 = __atomic_compare_exchange(&x8, &e8, &d8, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
    printf("b8 %d %d %d %c %d | %d %c\n", ok1, ok2, x8.s, x8.c, x8.i, bad.s, bad.c);

    struct b12 n12 = {-1, -2, -3}, r12, e12 = {10, 20, 30};
    __atomic_store(&x12, &n12, __ATOMIC_RELEASE);
    __atomic_load(&x12, &r12, __ATOMIC_ACQUIRE);
    int ok3 = __atomic_compare_exchange(&x12, &e12, &n12, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    printf("b12 %d %d %d %d %d\n", r12.a, r12.c, ok3, e12.a, e12.b);

    struct b16 n16 = {3, 4}, o16;
    __atomic_exchange(&x16, &n16, &o16, __ATOMIC_SEQ_CST);
    printf("b16 %ld %ld %ld %ld\n", o16.lo, o16.hi, x16.lo, x16.hi);

    double nd = 1.75, od;
    __atomic_exchange(&xd, &nd, &od, __ATOMIC_SEQ_CST);
    float rf, nf = -4.5f;
    __atomic_store(&xf, &nf, __ATOMIC_SEQ_CST);
    __atomic_load(&xf, &rf, __ATOMIC_SEQ_CST);
    printf("float %g %g %g\n", od, xd, rf);

    int sizes[] = {1, 2, 3, 4, 8, 12, 16};
    for (unsigned i = 0; i < sizeof sizes / sizeof *sizes; i++)
        printf("%d:%d%d ", sizes[i], __atomic_is_lock_free(sizes[i], 0),
               __atomic_is_lock_free(sizes[i], &x16));
    printf("| %d %d %d %d\n", __atomic_always_lock_free(8, 0), __atomic_always_lock_free(16, 0),
           __atomic_always_lock_free(4, (void *)2), __atomic_is_lock_free(sizeof x12, &x12));
    return 0;
}
