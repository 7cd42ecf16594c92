/* __int128 conversions to and from every integer and floating type, both
   signednesses, with values near every boundary. */
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

static void put(const char *what, u128 v) {
    printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

#define MK(hi, lo) (((u128)(hi) << 64) | (unsigned long long)(lo))

static volatile u128 vals[] = {
    0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff,
    0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffffffULL,
    MK(1, 0), MK(0x7fffffffffffffffULL, 0xffffffffffffffffULL), MK(0x8000000000000000ULL, 0),
    MK(0xffffffffffffffffULL, 0xffffffffffffffffULL), MK(0xffffffffffffffffULL, 0x8000000000000000ULL),
    MK(0x0020000000000000ULL, 0x0000000000000001ULL), MK(0, 0x0020000000000001ULL),
    MK(0x123456789ULL, 0xabcdef0123456789ULL), MK(0xfffffff000000000ULL, 0x1234ULL),
};
static volatile double dvals[] = {0.0, -0.0, 0.5, 1.0, -1.0, 1.5, -2.75, 1e10, -1e10, 4294967296.0,
                                  9.2233720368547758e18, 1.8446744073709552e19, 3.4e38, -1.7e38,
                                  123456789012345678901234567890.0, 1.7014118346046923e38};
static volatile float fvals[] = {0.0f, 1.0f, -3.5f, 1e20f, -1e20f, 16777217.0f, 3.0e38f, 2.5e-3f};

int main(void) {
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        u128 u = vals[i];
        i128 s = (i128)u;
        printf("%d: %d %d %d %d %d %d %ld %lu %lld %llu %d\n", i, (signed char)s, (unsigned char)u,
               (short)s, (unsigned short)u, (int)s, (unsigned)u, (long)s, (unsigned long)u,
               (long long)s, (unsigned long long)u, (_Bool)u);
        printf("  f %a %a %a %a\n", (double)s, (double)u, (double)(float)s, (double)(float)u);
        put("  from schar", (u128)(i128)(signed char)u);
        put("  from uchar", (u128)(unsigned char)u);
        put("  from short", (u128)(i128)(short)u);
        put("  from ushort", (u128)(unsigned short)u);
        put("  from int", (u128)(i128)(int)u);
        put("  from uint", (u128)(unsigned)u);
        put("  from long", (u128)(i128)(long)u);
        put("  from ulong", (u128)(unsigned long)u);
        put("  from bool", (u128)(_Bool)u);
        i128 viaint = (int)u;      /* sign-extending */
        u128 viauint = (unsigned)u;
        put("  int->u128", (u128)(int)u);
        put("  mix", (u128)(viaint + (i128)viauint));
    }
    for (unsigned i = 0; i < sizeof dvals / sizeof dvals[0]; i++) {
        double d = dvals[i];
        put("d->i128", (u128)(i128)d);
        if (d >= 0)
            put("d->u128", (u128)d);
        float f = (float)d;
        if (f > -1.7e38f && f < 1.7e38f)
            put("f->i128", (u128)(i128)f);
    }
    for (unsigned i = 0; i < sizeof fvals / sizeof fvals[0]; i++) {
        float f = fvals[i];
        put("fv->i128", (u128)(i128)f);
        if (f >= 0)
            put("fv->u128", (u128)f);
    }
    /* pointers */
    int x = 5;
    u128 p = (u128)(unsigned long)&x;
    int *q = (int *)(unsigned long)p;
    printf("ptr %d %d\n", *q, (int)((u128)(long)&x == p));
    i128 sp = (i128)(long)-8;
    printf("neg %d\n", (int)(sp >> 100));
    return 0;
}
