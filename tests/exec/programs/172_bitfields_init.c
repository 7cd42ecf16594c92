/* Bit-field initialisers: static and automatic, positional and designated,
   brace elision, unnamed fields skipped, nested structs and arrays. */
#include <stdio.h>

struct S { unsigned a : 4; int b : 5; int : 3; unsigned c : 12; char d; int e : 20; };
struct N { struct S s; int t : 6; unsigned u : 26; };
union U { unsigned x : 9; int y; };
struct __attribute__((packed)) Q { char c; unsigned long v : 60; int w : 7; };

static struct S gs1 = { 9, -7, 2049, 'z', -300000 };
static struct S gs2 = { .e = 5, .a = 15, .c = 4095 };
static struct N gn = { { 1, 2, 3, 4, 5 }, -32, 12345678 };
static struct N gn2 = { .s.b = -1, .u = 7, .s = { .a = 6 } };
static struct S garr[3] = { [1] = { 3, 3, 3, 3, 3 }, { .b = -16 } };
static union U gu = { 511 };
static struct Q gq = { 'q', 0x0fedcba987654321UL, -64 };
static const struct S gconst[] = { { 1, 1, 1, 1, 1 }, { 2, 2, 2, 2, 2 } };

static void show(const char *tag, const struct S *s) {
    printf("%s %u %d %u %d %d\n", tag, s->a, s->b, s->c, s->d, s->e);
}

int main(int argc, char **argv) {
    (void)argv;
    show("gs1", &gs1);
    show("gs2", &gs2);
    show("gn", &gn.s);
    printf("gn %d %u\n", gn.t, gn.u);
    show("gn2", &gn2.s);
    printf("gn2 %d %u\n", gn2.t, gn2.u);
    for (int i = 0; i < 3; i++) show("garr", &garr[i]);
    printf("gu %u %d\n", gu.x, gu.y);
    printf("gq %c %lx %d\n", gq.c, (unsigned long)gq.v, gq.w);
    show("gconst", &gconst[1]);
    int k = argc + 6;
    struct S l1 = { k, -k, k * 300, 'k', -k * 1000 };
    struct S l2 = { .c = k, .a = 16 + k };
    struct S l3 = { 1, 2, 3, 4, 5 };
    struct N ln = { l1, k - 40, (unsigned)k << 20 };
    struct N ln2 = { { .e = k }, .u = 1 };
    union U lu = { k * 100 };
    struct Q lq = { 'x', (unsigned long)k << 50, k };
    struct S larr[] = { l3, { k }, [3].b = 3 };
    show("l1", &l1);
    show("l2", &l2);
    show("l3", &l3);
    show("ln", &ln.s);
    printf("ln %d %u\n", ln.t, ln.u);
    show("ln2", &ln2.s);
    printf("lu %u\n", lu.x);
    printf("lq %c %lx %d\n", lq.c, (unsigned long)lq.v, lq.w);
    for (unsigned i = 0; i < sizeof larr / sizeof larr[0]; i++) show("larr", &larr[i]);
    struct S *cl = &(struct S){ .b = -3, .e = k };
    show("cl", cl);
    static struct S once = { 7, 7, 7, 7, 7 };
    once.a++;
    show("once", &once);
    return 0;
}
