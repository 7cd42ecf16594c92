/* Mutual recursion with forward declarations: even/odd, a recursive-descent expression parser. */
#include <stdio.h>

static int is_even(unsigned n);
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }

static const char *pos;
static long expr(void);

static long number(void)
{
    long v = 0;
    while (*pos >= '0' && *pos <= '9')
        v = v * 10 + (*pos++ - '0');
    return v;
}

static long factor(void)
{
    if (*pos == '(') {
        pos++;
        long v = expr();
        pos++;              /* ')' */
        return v;
    }
    if (*pos == '-') {
        pos++;
        return -factor();
    }
    return number();
}

static long term(void)
{
    long v = factor();
    while (*pos == '*' || *pos == '/' || *pos == '%') {
        char op = *pos++;
        long r = factor();
        v = op == '*' ? v * r : op == '/' ? v / r : v % r;
    }
    return v;
}

static long expr(void)
{
    long v = term();
    while (*pos == '+' || *pos == '-') {
        char op = *pos++;
        long r = term();
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

static long eval(const char *s)
{
    pos = s;
    return expr();
}

int main(void)
{
    for (unsigned n = 0; n < 8; n++)
        printf("%u even=%d odd=%d\n", n, is_even(n), is_odd(n));
    printf("%d\n", is_even(5001));
    const char *tests[] = { "1+2*3", "(1+2)*3", "100/7%4", "-(4-10)*-2", "2*(3+(4*(5+6)))-7", "((((9))))" };
    for (int i = 0; i < 6; i++)
        printf("%s = %ld\n", tests[i], eval(tests[i]));
    return 0;
}
