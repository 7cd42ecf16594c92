// C11 _Atomic objects: every read is an atomic load and every write an atomic
// store; ++, --, += ... are single read-modify-writes for integers and
// pointers, compare-exchange loops for *=, /=, <<= ..., floating-point and
// _Bool objects; _Atomic(T) spelling, typedefs, struct members, arrays,
// locals, parameters; whole _Atomic structs; gcc's size/alignment rules.
// LINK: -latomic
#include <stdio.h>

typedef _Atomic unsigned short ashort;
struct stats {
    _Atomic long hits;
    ashort small;
    _Atomic(char) c;
    int plain;
};
struct quad { int a, b, c; }; /* 12 bytes: not lock-free */

static _Atomic int gi = 7;
static _Atomic(unsigned char) guc = 250;
static _Atomic _Bool gb;
static _Atomic float gf = 1.25f;
static _Atomic double gd = -3.5;
static int array[8] = {0, 1, 2, 3, 4, 5, 6, 7};
static int *_Atomic gp = array;
static _Atomic(struct stats *) sp;
static _Atomic struct quad gq = {1, 2, 3};
static _Atomic struct { short x, y; } gxy;

static int bump(_Atomic int *p, int by) {
    return *p += by;
}

static long twice(_Atomic long v) {
    v *= 2;
    return v;
}

int main(void) {
    int r1 = gi++;
    int r2 = ++gi;
    int r3 = gi--;
    int r4 = --gi;
    printf("inc %d %d %d %d %d\n", r1, r2, r3, r4, gi);
    gi += 10;
    gi -= 3;
    gi &= 0x1e;
    gi |= 0x101;
    gi ^= 0x3;
    int r5 = (gi *= 3);
    int r6 = (gi /= 2);
    int r7 = (gi %= 100);
    int r8 = (gi <<= 4);
    int r9 = (gi >>= 2);
    printf("compound %d %d %d %d %d %d\n", r5, r6, r7, r8, r9, gi);
    gi = -5;
    gi *= -7;
    gi += 0.75; /* integer object, floating operand: computed in double */
    printf("mixed %d\n", gi);

    guc += 10;           /* wraps */
    int c1 = guc--;
    guc -= 300;          /* converted operand */
    printf("uchar %d %d\n", c1, guc);

    gb = 5;
    _Bool b1 = gb;
    gb += 2;
    _Bool b2 = gb;
    gb--;
    _Bool b3 = gb;
    gb--;
    printf("bool %d %d %d %d\n", b1, b2, b3, gb);

    gf += 2.5f;
    gf *= 3;
    float f1 = gf++;
    gd /= 2;
    gd -= 0.25;
    double d1 = --gd;
    printf("float %g %g %g %g\n", f1, gf, d1, gd);

    int *p0 = gp++;
    gp += 3;
    int *p1 = gp;
    gp -= 2;
    int *p2 = --gp;
    printf("ptr %d %d %d %td\n", *p0, *p1, *p2, gp - array);

    static struct stats st = {.hits = 40, .small = 65535, .c = 'a'};
    sp = &st;
    st.hits++;
    st.small += 2;
    st.c += 1;
    sp->hits *= 2;
    (*sp).plain = 3;
    printf("struct %ld %u %c %d\n", st.hits, st.small, st.c, st.plain);

    _Atomic long arr[3] = {1, 2, 3};
    for (int i = 0; i < 3; i++)
        arr[i] += i * 100;
    _Atomic int local = 2;
    printf("array %ld %ld %ld %d %d %ld\n", arr[0], arr[1], arr[2], bump(&local, 5), local,
           twice(21));

    struct quad q = gq; /* libatomic: __atomic_load */
    gq = (struct quad){q.c, q.b, q.a};
    struct quad q2 = gq;
    gxy = (typeof(gxy)){-1, 2};
    printf("whole %d %d %d %d %d\n", q2.a, q2.b, q2.c, gxy.x, gxy.y);

    printf("size %zu %zu %zu %zu %zu %zu\n", sizeof(_Atomic struct quad),
           _Alignof(_Atomic struct quad), sizeof gxy, _Alignof(__typeof__(gxy)), _Alignof(_Atomic char),
           sizeof(struct stats));
    return gi;
}
