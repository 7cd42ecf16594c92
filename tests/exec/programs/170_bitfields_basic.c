/* Bit-field reads (sign extension), writes (truncation), the value of an
   assignment, compound assignment, ++/--, conditions and promotions. */
#include <stdio.h>

struct S {
    int a : 3;
    unsigned b : 5;
    int c : 24;
    unsigned d : 1;
    _Bool e : 1;
    signed char sc : 4;
    unsigned short us : 9;
    long f : 40;
    unsigned long g : 33;
    char h;
    short i : 7;
    unsigned w : 32;
    int x : 32;
};

static int check(const struct S *s) {
    return s->a + s->b + s->c + s->d + s->e + s->sc + s->us + (int)s->f + (int)s->g + s->i;
}

static struct S make(int k) {
    struct S s = {0};
    s.a = k;
    s.b = k * 3;
    s.c = -k * 1001;
    s.d = k & 1;
    s.e = k;
    s.sc = k - 9;
    s.us = k * 77;
    s.f = -(long)k * 123456789;
    s.g = (unsigned long)k << 30;
    s.h = 'a' + k;
    s.i = k - 60;
    s.w = 0xfffffff0u + k;
    s.x = -k;
    return s;
}

int main(void) {
    struct S s = make(5);
    printf("%d %u %d %u %d %d %u %ld %lu %c %d %u %d\n", s.a, s.b, s.c, s.d, s.e, s.sc, s.us,
           s.f, s.g, s.h, s.i, s.w, s.x);
    /* truncation and the value of an assignment expression */
    int r = (s.a = 7);
    printf("a=%d r=%d\n", s.a, r);
    r = (s.b = 40);
    printf("b=%u r=%d\n", s.b, r);
    r = (s.e = 4);
    printf("e=%d r=%d\n", s.e, r);
    long rl = (s.f = 0x123456789abL);
    printf("f=%ld r=%ld\n", s.f, rl);
    /* compound assignment and increments wrap in the field */
    s.b += 30;
    s.a -= 3;
    s.c *= 1000;
    s.us <<= 3;
    s.sc |= 8;
    s.i ^= -1;
    printf("%u %d %d %u %d %d\n", s.b, s.a, s.c, s.us, s.sc, s.i);
    s.a = 3;
    printf("post %d ", s.a++);
    printf("now %d\n", s.a);
    printf("pre %d\n", ++s.a);
    s.b = 0;
    printf("dec %u %u\n", s.b--, s.b);
    s.e = 0;
    s.e--;
    printf("bool %d\n", s.e);
    s.e++;
    printf("bool %d\n", s.e);
    s.g = s.g * 3;
    printf("%lu\n", s.g);
    /* promotions: narrow unsigned fields promote to int */
    s.b = 1;
    printf("%d %d\n", s.b - 2 < 0, s.w - 0xffffffffu > 0);
    /* fields in conditions */
    for (s.a = -4; s.a; s.a++)
        printf("%d ", s.a);
    printf("\n");
    if (s.d) printf("d set\n"); else printf("d clear\n");
    s.d = !s.d;
    while (s.d) s.d = 0;
    printf("%d %d\n", s.d ? 1 : 2, s.x < 0 && s.sc);
    int total = 0;
    for (int k = 0; k < 20; k++) {
        struct S t = make(k);
        total += check(&t);
    }
    printf("total %d\n", total);
    struct S *p = &s;
    p->c = 0x7fffff;
    p->c++;
    printf("%d\n", p->c);
    return s.a & 3;
}
