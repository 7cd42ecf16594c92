/* Unions: size is the largest member, members share storage, tagged-union usage. */
#include <stdio.h>
#include <string.h>

union num { int i; unsigned char bytes[4]; unsigned short halves[2]; };

enum kind { K_INT, K_STR, K_PAIR };
struct value {
    enum kind kind;
    union {
        long i;
        const char *s;
        struct { int a, b; } pair;
    } u;
};

static void print_value(struct value v)
{
    switch (v.kind) {
    case K_INT: printf("int %ld\n", v.u.i); break;
    case K_STR: printf("str %s\n", v.u.s); break;
    case K_PAIR: printf("pair %d %d\n", v.u.pair.a, v.u.pair.b); break;
    }
}

int main(void)
{
    union num n;
    n.i = 0x11223344;
    printf("%x %x %x %x\n", n.bytes[0], n.bytes[1], n.bytes[2], n.bytes[3]);   /* little endian */
    printf("%x %x\n", n.halves[0], n.halves[1]);
    n.bytes[0] = 0xff;
    printf("%x\n", n.i);
    printf("%d %d\n", (int)sizeof(union num), (int)sizeof(struct value));
    struct value vals[3];
    vals[0].kind = K_INT;
    vals[0].u.i = -123456789012L;
    vals[1].kind = K_STR;
    vals[1].u.s = "union string";
    vals[2].kind = K_PAIR;
    vals[2].u.pair.a = 4;
    vals[2].u.pair.b = 5;
    for (int i = 0; i < 3; i++)
        print_value(vals[i]);
    union num copy = n;
    copy.halves[1] = 0;
    printf("%x %x\n", copy.i, n.i);
    union { char c[8]; long l; } u8;
    memset(&u8, 0, sizeof u8);
    strcpy(u8.c, "ABC");
    printf("%lx\n", u8.l);
    union num init = { 0x01020304 };
    printf("%d\n", init.bytes[3]);
    return 0;
}
