/* typedef for scalars, pointers, arrays, structs, function types and shadowing by scope. */
#include <stdio.h>

typedef int myint;
typedef unsigned long ulong_t;
typedef char name_t[16];
typedef struct point { int x, y; } point_t;
typedef point_t *point_ptr;
typedef int (*binop_t)(int, int);
typedef int func_t(int);
typedef myint matrix_t[2][3];

static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }
static int sq(int a) { return a * a; }

static myint apply(binop_t f, myint a, myint b) { return f(a, b); }
static int call1(func_t *f, int v) { return f(v); }

int main(void)
{
    myint i = 5;
    ulong_t u = 123456789012UL;
    name_t name = "typedef";
    point_t p = { 3, 4 };
    point_ptr pp = &p;
    binop_t ops[2] = { add, mul };
    matrix_t m = { { 1, 2, 3 }, { 4, 5, 6 } };
    printf("%d %lu %s %d\n", i, u, name, (int)sizeof(name_t));
    printf("%d %d\n", pp->x, pp->y);
    printf("%d %d\n", apply(ops[0], 6, 7), apply(ops[1], 6, 7));
    printf("%d\n", call1(sq, 9));
    printf("%d %d\n", m[1][2], (int)sizeof(matrix_t));
    {
        typedef long myint;   /* shadows the outer typedef */
        myint big = 1L << 40;
        printf("%ld %d\n", big, (int)sizeof(myint));
    }
    myint again = 7;
    printf("%d %d\n", again, (int)sizeof(again));
    typedef const char *cstr;
    cstr words[] = { "alpha", "beta", "gamma" };
    for (int k = 0; k < 3; k++)
        printf("%s\n", words[k]);
    return 0;
}
