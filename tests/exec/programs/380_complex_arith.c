/* _Complex float, double and long double arithmetic with gcc's rules: a real
   operand stays real (x + z keeps z's imaginary part as it is, x * z scales both
   parts, so signed zeros and infinities come out as gcc's), complex products
   are ac - bd, ad + bc with libgcc's __mul?c3 recovering infinities when both
   parts are NaN, quotients come from __div?c3; ==, !=, unary -, GNU ~ (the
   conjugate), !, conditions, __real__/__imag__ as lvalues, compound assignment,
   ++/--, and conversions between complex, real, integer and _Bool types. */
#include <complex.h>
#include <stdio.h>

static void show(const char *tag, double complex z)
{
    printf("%-10s %a %a\n", tag, creal(z), cimag(z));
}

static void showf(const char *tag, float complex z)
{
    printf("%-10s %a %a\n", tag, (double)crealf(z), (double)cimagf(z));
}

static void showl(const char *tag, long double complex z)
{
    printf("%-10s %La %La\n", tag, creall(z), cimagl(z));
}

int main(void)
{
    volatile double re = 1.5, im = -2.25, x = 0.1, zero = 0.0, inf = 1.0 / zero;
    double complex a = re + im * I, b = x - 3.0 * I;
    show("a+b", a + b);
    show("a-b", a - b);
    show("a*b", a * b);
    show("a/b", a / b);
    show("x+a", x + a);
    show("a-x", a - x);
    show("x-a", x - a);
    show("x*a", x * a);
    show("a/x", a / x);
    show("x/a", x / a);
    show("-a", -a);
    show("~a", ~a);
    show("conj", conj(b));
    double complex nz = -zero + -zero * I;
    show("nz", nz);
    show("nz+0", nz + zero);
    show("0-nz", zero - nz);
    double complex big = inf + inf * I;
    show("big*a", big * a);
    show("inf*b", (inf + 1.0 * I) * b);
    show("a/0", a / (zero + zero * I));
    show("a/inf", a / big);
    printf("eq %d %d %d %d %d\n", a == a, a == b, a != b, a == re, re + 0.0 * I == re);
    printf("not %d %d %d\n", !a, !(zero + zero * I), !(zero + 1.0 * I));
    if (zero * I)
        printf("imag zero is true?\n");
    if (zero + 1.0 * I)
        printf("imag one is true\n");
    float complex f = 1.25f - 0.5f * I;
    float complex g = 3.0f + 0.75f * I;
    showf("f*g", f * g);
    showf("f/g", f / g);
    showf("f+1", f + 1);
    long double complex l = 0.1L + 0.3L * I, m = -2.5L + 1e-3L * I;
    showl("l*m", l * m);
    showl("l/m", l / m);
    showl("l-m", l - m);
    show("mixed", f * a);
    showl("mixedl", l + a);
    double complex z = a;
    __real__ z = 4;
    __imag__ z += 0.5;
    show("parts", z);
    z += b;
    show("+=", z);
    z *= 2;
    show("*=2", z);
    z *= b;
    show("*=b", z);
    z /= b;
    show("/=b", z);
    z -= x;
    show("-=x", z);
    z++;
    show("z++", z);
    double complex old = z--;
    show("old", old);
    show("z--", z);
    double r = 7;
    r += a;
    printf("r+=a %a\n", r);
    int n = a * 2;
    _Bool bo = 0.0 * I, bt = zero + 1e-300 * I;
    float fr = l;
    printf("conv %d %d %d %a\n", n, bo, bt, (double)fr);
    long double complex wide = a;
    float complex narrow = l;
    showl("wide", wide);
    showf("narrow", narrow);
    double complex from_int = 3;
    show("int", from_int);
    show("cond", re > 1 ? a : b);
    return 0;
}
