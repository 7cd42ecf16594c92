/* _Bool: conversion is `!= 0` from every scalar (large integers, negative
   values, pointers, the results of comparisons), ++/-- on _Bool, _Bool in
   arithmetic, function arguments and returns, struct members and arrays. */
#include <stdio.h>

static _Bool as_bool(long v) { return v; }
static _Bool ptr_bool(const void *p) { return p; }
static int take(_Bool b) { return b * 10; }

struct Flags { _Bool on; _Bool many[3]; };

int main(void) {
    int x = 5;
    int *np = 0;
    _Bool a = 256, b = -1, c = 0x100000000L != 0, d = (_Bool)0x100000000L, e = &x, f = np;
    printf("%d %d %d %d %d %d\n", a, b, c, d, e, f);
    printf("%d %d %d %d\n", as_bool(1L << 40), as_bool(0), ptr_bool(&x), ptr_bool(np));
    printf("%d %d\n", take(7), take(0));
    _Bool g = 0;
    g++;
    printf("%d ", g);
    g++;
    printf("%d ", g);
    g--;
    printf("%d ", g);
    g--;
    printf("%d\n", g);
    g = 3;
    g += 4;
    printf("%d %d\n", g, g + g);
    struct Flags fl = { 42, { 0, -7, 1 } };
    printf("%d %d %d %d %zu\n", fl.on, fl.many[0], fl.many[1], fl.many[2], sizeof fl);
    _Bool arr[4] = { 1, 2, 0, 3 };
    int sum = 0;
    for (int i = 0; i < 4; i++) sum += arr[i];
    printf("%d\n", sum);
    unsigned char raw = 2;
    _Bool h = raw & 2;
    printf("%d %d\n", h, (_Bool)(raw & 1));
    return g;
}
