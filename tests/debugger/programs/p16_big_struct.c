/* Structs larger than 16 bytes passed and returned in memory. */
#include <stdio.h>

//! break: scaled combined reported
//! globals: g_base
//! step: scale 8
//! next: main 8
//! finish: combine
//! bt: norm_body
//! lldb

struct vec4 {
    long a;
    long b;
    long c;
    long d;
};

struct record {
    struct vec4 v;
    int weight;
    char label[12];
};

struct vec4 g_base = {1, 2, 3, 4};

static long norm1(struct vec4 v)
{
    long n = v.a + v.b + v.c + v.d;                 //@ label: norm_body
    return n;
}

static struct vec4 scale(struct vec4 v, long k)
{
    struct vec4 out;
    out.a = v.a * k;
    out.b = v.b * k;
    out.c = v.c * k;
    out.d = v.d * k;
    return out;                                    //@ label: scaled
}

static struct record combine(struct vec4 x, struct vec4 y, int w)
{
    struct record r = {{0, 0, 0, 0}, 0, "combined"};
    r.v.a = x.a + y.a;
    r.v.b = x.b + y.b;
    r.v.c = x.c - y.c;
    r.v.d = x.d - y.d;
    r.weight = w + (int)norm1(r.v);
    return r;                                      //@ label: combined
}

int main(void)
{
    struct vec4 s = scale(g_base, 10);
    struct record r = combine(s, g_base, 3);
    long n = norm1(r.v);
    printf("%ld %ld %d %s %ld\n", s.d, r.v.c, r.weight, r.label, n);   //@ label: reported
    return 0;
}
