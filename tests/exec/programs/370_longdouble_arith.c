/* long double (x87 80-bit extended): arithmetic rounded to a 64-bit significand,
   negation, ++/--, compound assignment, comparisons with NaN semantics, !, &&, ||,
   the conditional operator, and constants exactly rounded from decimal and
   hexadecimal literals. %La and %.21Lg show every bit. */
#include <stdio.h>

static long double third(long double x) { return x / 3; }

static void show(const char *tag, long double v)
{
    printf("%-8s %La %.21Lg\n", tag, v, v);
}

int main(void)
{
    volatile long double a = 1.0L, b = 3.0L, c = 0.1L, zero = 0.0L;
    show("1/3", a / b);
    show("0.1", c);
    show("sum", a + c + b);
    show("diff", c - a);
    show("prod", c * c * c);
    show("third", third(2.0L));
    show("hex", 0x1.fffffffffffffffep0L);
    show("dec", 1.2345678901234567890123456789L);
    show("tiny", 3.64519953188247460253e-4951L);
    show("huge", 1.18973149535723176502e+4932L);
    show("neg", -c);
    show("negz", -zero);
    long double x = 2.5L;
    x++;
    show("x++", x);
    --x;
    show("--x", x);
    x += 0.25L;
    x -= c;
    x *= 3;
    x /= 7;
    show("compound", x);
    long double inf = a / zero, nan = zero / zero;
    show("inf", inf);
    show("-inf", -inf);
    printf("nan %d %d %d %d %d %d\n", nan == nan, nan != nan, nan < a, nan >= a, !nan,
           nan && 1);
    printf("cmp %d %d %d %d %d %d\n", c < a, c > a, c <= c, c >= b, c == 0.1L, c != 0.1);
    printf("not %d %d %d %d\n", !zero, !c, zero || c, zero && c);
    long double m = c > a ? c : a;
    show("max", m);
    long double acc = 0;
    for (int i = 1; i <= 100; i++)
        acc += 1.0L / i;
    show("harm", acc);
    long double p = 1;
    for (int i = 0; i < 70; i++)
        p *= 2.5L;
    show("pow", p);
    show("under", p * 1e-4930L * 1e-4930L);
    show("over", p * 1e4900L * 1e4900L);
    return 0;
}
