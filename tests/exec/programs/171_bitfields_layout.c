/* Bit-field layout: sizes, alignment, zero-width and unnamed fields, packed
   structs, #pragma pack, unions, offsetof of neighbours, and the bytes the
   fields land in (printed through an unsigned char view). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct A { char c; int x : 4; };
struct B { char a; int : 0; char b; };
struct C { char a; int : 3; int b : 2; };
struct D { char a; long long b : 3; char c; };
struct E { int a : 31; int b : 2; };
struct F { unsigned char a : 3; unsigned char b : 6; unsigned char c : 7; };
struct __attribute__((packed)) G { char c; int x : 20; long y : 50; };
struct H { char c; int : 0; short s; long : 0; char t; };
union U { int a : 7; unsigned b : 12; char c; };
#pragma pack(push, 1)
struct P1 { char c; int x : 31; short y : 10; };
#pragma pack(pop)
#pragma pack(push, 2)
struct P2 { char c; int x : 31; int y; short z : 3; };
#pragma pack(pop)
struct I { short s : 4; int i : 20; char c : 3; long l : 60; };
struct J { _Bool a : 1; _Bool b : 1; unsigned long long big : 64; unsigned t : 3; };
struct K { struct A a; int tail : 5; };

#define SHOW(T) show(#T, sizeof(T), _Alignof(T))

static void show(const char *name, size_t size, size_t align) {
    printf("%-10s size %zu align %zu\n", name, size, align);
}

static void bytes(const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        printf("%02x", b[i]);
    printf("\n");
}

int main(void) {
    SHOW(struct A); SHOW(struct B); SHOW(struct C); SHOW(struct D); SHOW(struct E);
    SHOW(struct F); SHOW(struct G); SHOW(struct H); SHOW(union U); SHOW(struct P1);
    SHOW(struct P2); SHOW(struct I); SHOW(struct J); SHOW(struct K);
    printf("offsets %zu %zu %zu %zu %zu %zu %zu\n", offsetof(struct B, b), offsetof(struct D, c),
           offsetof(struct H, s), offsetof(struct H, t), offsetof(struct P2, y),
           offsetof(struct G, c), offsetof(struct K, a));
    struct A a; memset(&a, 0, sizeof a); a.c = 1; a.x = -1; bytes(&a, sizeof a);
    struct C c; memset(&c, 0, sizeof c); c.b = 1; bytes(&c, sizeof c);
    struct D d; memset(&d, 0, sizeof d); d.b = 5; d.c = 9; bytes(&d, sizeof d);
    struct E e; memset(&e, 0, sizeof e); e.a = -1; e.b = 1; bytes(&e, sizeof e);
    struct F f; memset(&f, 0, sizeof f); f.a = 5; f.b = 33; f.c = 100; bytes(&f, sizeof f);
    struct G g; memset(&g, 0, sizeof g); g.c = 'g'; g.x = -2; g.y = 0x123456789abcL; bytes(&g, sizeof g);
    printf("%d %ld\n", g.x, g.y);
    g.y = -g.y; g.x += 7;
    printf("%d %ld\n", g.x, g.y);
    union U u; memset(&u, 0, sizeof u); u.b = 0xabc; printf("%d %u %d\n", u.a, u.b, u.c);
    struct P1 p1; memset(&p1, 0, sizeof p1); p1.x = -5; p1.y = 300; bytes(&p1, sizeof p1);
    printf("%d %d\n", p1.x, p1.y);
    struct P2 p2; memset(&p2, 0, sizeof p2); p2.x = 123456; p2.y = -1; p2.z = 3; bytes(&p2, sizeof p2);
    printf("%d %d %d\n", p2.x, p2.y, p2.z);
    struct I i; memset(&i, 0, sizeof i); i.s = -8; i.i = 0x7ffff; i.c = 2; i.l = -3; bytes(&i, sizeof i);
    printf("%d %d %d %ld\n", i.s, i.i, i.c, i.l);
    struct J j; memset(&j, 0, sizeof j); j.a = 1; j.big = ~0ULL; j.t = 6; bytes(&j, sizeof j);
    printf("%d %d %llu %u\n", j.a, j.b, j.big, j.t);
    struct K k; memset(&k, 0, sizeof k); k.a.x = 3; k.tail = -9; bytes(&k, sizeof k);
    printf("%d %d\n", k.a.x, k.tail);
    return 0;
}
