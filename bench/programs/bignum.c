/* Arbitrary-precision arithmetic in base 10^9: factorial and Fibonacci. */
#include <stdio.h>
#include <string.h>

#define LIMBS 3200
#define BASE 1000000000u

struct big { int n; unsigned int d[LIMBS]; };

static void set_small(struct big *a, unsigned int v) { a->n = 1; a->d[0] = v; }

static void mul_small(struct big *a, unsigned int m)
{
    unsigned long long carry = 0;
    for (int i = 0; i < a->n; i++) {
        unsigned long long t = (unsigned long long)a->d[i] * m + carry;
        a->d[i] = (unsigned int)(t % BASE);
        carry = t / BASE;
    }
    while (carry) { a->d[a->n++] = (unsigned int)(carry % BASE); carry /= BASE; }
}

static void add(struct big *r, const struct big *a, const struct big *b)
{
    unsigned int carry = 0;
    int n = a->n > b->n ? a->n : b->n;
    for (int i = 0; i < n; i++) {
        unsigned int x = (i < a->n ? a->d[i] : 0) + (i < b->n ? b->d[i] : 0) + carry;
        carry = x >= BASE;
        r->d[i] = carry ? x - BASE : x;
    }
    r->n = n;
    if (carry) r->d[r->n++] = 1;
}

static unsigned int digit_sum(const struct big *a)
{
    unsigned int s = 0;
    for (int i = 0; i < a->n; i++)
        for (unsigned int v = a->d[i]; v; v /= 10) s += v % 10;
    return s;
}

static struct big f, x, y, z;

int main(void)
{
    set_small(&f, 1);
    for (unsigned int i = 2; i <= 8000; i++) mul_small(&f, i);
    printf("8000! has %d limbs, digit sum %u, top limb %u\n", f.n, digit_sum(&f), f.d[f.n - 1]);
    set_small(&x, 0);
    set_small(&y, 1);
    for (int i = 0; i < 6000; i++) { add(&z, &x, &y); memcpy(&x, &y, sizeof x); memcpy(&y, &z, sizeof y); }
    printf("fib(6000) has %d limbs, digit sum %u\n", x.n, digit_sum(&x));
    return 0;
}
