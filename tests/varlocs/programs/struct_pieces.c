/* A struct split into one register per member (scalar replacement): at line
 * `second` x.a's register already holds r.a, while x.b, x.c and x.d are still
 * in theirs. The location describes the located members and marks x.a with an
 * empty DW_OP_bit_piece: gdb shows {a = <optimized out>, b = 20, ...}; lldb
 * (which reads an empty DW_OP_piece as zeros) refuses the expression. Before,
 * all of x was optimized out from the first member's loss on. */
#include <stdio.h>

struct vec4 {
    long a;
    long b;
    long c;
    long d;
};

struct vec4 g_base = {1, 2, 3, 4};

static struct vec4 scale(struct vec4 v, long k)
{
    struct vec4 out;
    out.a = v.a * k;
    out.b = v.b * k;
    out.c = v.c * k;
    out.d = v.d * k;
    return out;
}

static struct vec4 combine(struct vec4 x, struct vec4 y)
{
    struct vec4 r;
    r.a = x.a + y.a;
    r.b = x.b + y.b;                               //@ label: second
    r.c = x.c - y.c;                               //@ label: third
    r.d = x.d - y.d;
    return r;
}

int main(void)
{
    struct vec4 s = scale(g_base, 10);
    struct vec4 r = combine(s, g_base);
    printf("%ld %ld %ld %ld\n", r.a, r.b, r.c, r.d);
    return 0;
}
//@ watch(x.b) at second: 20
//@ watch(x.c) at second: 30
//@ watch(x.d) at third: 40
