/* Function pointers: dispatch tables, pointers in structs, returned function pointers. */
#include <stdio.h>

typedef long (*op_fn)(long, long);

static long op_add(long a, long b) { return a + b; }
static long op_sub(long a, long b) { return a - b; }
static long op_mul(long a, long b) { return a * b; }
static long op_div(long a, long b) { return b ? a / b : 0; }
static long op_max(long a, long b) { return a > b ? a : b; }

struct op { char sym; op_fn fn; };

static const struct op ops[] = {
    { '+', op_add }, { '-', op_sub }, { '*', op_mul }, { '/', op_div }, { 'M', op_max },
};

static op_fn lookup(char sym)
{
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].sym == sym)
            return ops[i].fn;
    return 0;
}

static long (*pick(int which))(long, long)
{
    return which ? op_mul : op_add;
}

static void hello(void) { printf("hello\n"); }
static void world(void) { printf("world\n"); }

int main(void)
{
    const char *expr = "+-*/M";
    for (const char *p = expr; *p; p++) {
        op_fn f = lookup(*p);
        printf("%c: %ld %ld\n", *p, f(84, 4), (*f)(-9, 2));
    }
    printf("%d\n", lookup('?') == 0);
    printf("%ld %ld\n", pick(0)(6, 7), pick(1)(6, 7));
    void (*vf[2])(void) = { hello, world };
    for (int i = 0; i < 2; i++)
        vf[i]();
    op_fn chain[3] = { op_add, op_mul, op_sub };
    long acc = 1;
    for (int r = 0; r < 3; r++)
        for (int i = 0; i < 3; i++)
            acc = chain[i](acc, i + 2);
    printf("%ld\n", acc);
    op_fn same = op_add;
    printf("%d %d\n", same == op_add, same == op_sub);
    long (*arr2d[2][2])(long, long) = { { op_add, op_sub }, { op_mul, op_max } };
    printf("%ld\n", arr2d[1][0](arr2d[0][1](10, 3), 5));
    return 0;
}
