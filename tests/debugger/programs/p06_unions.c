/* Unions nested in structs, tagged values, reinterpretation of integers. */
#include <stdio.h>

//! break: tagged read_back shown
//! globals: g_last
//! step: value_of 8
//! next: main 10
//! finish: value_of
//! bt: word_body
//! lldb

enum tag { T_INT, T_PAIR, T_BYTES };

union payload {
    int i;
    struct { short lo; short hi; } pair;
    unsigned char bytes[4];
};

struct value {
    enum tag tag;
    union payload u;
};

union word {
    unsigned int whole;
    unsigned short halves[2];
};

struct value g_last = {T_INT, {7}};

static unsigned int low_half(union word w)
{
    return w.halves[0];                            //@ label: word_body
}

static int value_of(struct value v)
{
    switch (v.tag) {
    case T_INT:
        return v.u.i;
    case T_PAIR:
        return v.u.pair.lo + v.u.pair.hi;
    default:
        return v.u.bytes[0] + v.u.bytes[3];
    }
}

static unsigned int split(unsigned int x)
{
    union word w;
    w.whole = x;
    return low_half(w) + w.halves[1];
}

int main(void)
{
    struct value a = {T_INT, {0}};
    struct value b = {T_PAIR, {0}};
    a.u.i = 1000;
    b.u.pair.lo = 30;
    b.u.pair.hi = -2;
    int va = value_of(a);                          //@ label: tagged
    int vb = value_of(b);
    union word w = {0x12345678u};
    unsigned int s = split(w.whole);               //@ label: read_back
    g_last = b;
    printf("%d %d %u %u %d\n", va, vb, w.halves[1], s, g_last.u.pair.lo);  //@ label: shown
    return 0;
}
