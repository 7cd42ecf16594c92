/* Arbitrary-precision unsigned integers in base 10^9 limbs: add, subtract, compare, multiply,
 * divide by a small number, shift by powers of two, decimal printing. Computes 100!, 2^1000,
 * Fibonacci(1000), a Catalan number and digit sums. Structs by value of 100+ bytes and loops
 * with 64-bit intermediate products. */
#include <stdio.h>
#include <string.h>

#define BASE 1000000000u
#define MAXLIMBS 80

struct big {
    int n;                          /* number of limbs in use, at least 1 */
    unsigned int limb[MAXLIMBS];    /* little-endian limbs, each < BASE */
};

static struct big big_from(unsigned long long v)
{
    struct big r;
    memset(&r, 0, sizeof r);
    r.n = 0;
    do {
        r.limb[r.n++] = (unsigned)(v % BASE);
        v /= BASE;
    } while (v);
    return r;
}

static void trim(struct big *a)
{
    while (a->n > 1 && a->limb[a->n - 1] == 0)
        a->n--;
}

static int big_cmp(const struct big *a, const struct big *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->limb[i] != b->limb[i])
            return a->limb[i] < b->limb[i] ? -1 : 1;
    return 0;
}

static struct big big_add(struct big a, struct big b)
{
    struct big r;
    memset(&r, 0, sizeof r);
    unsigned carry = 0;
    int n = a.n > b.n ? a.n : b.n;
    for (int i = 0; i < n; i++) {
        unsigned s = carry + (i < a.n ? a.limb[i] : 0) + (i < b.n ? b.limb[i] : 0);
        r.limb[i] = s % BASE;
        carry = s / BASE;
    }
    r.n = n;
    if (carry)
        r.limb[r.n++] = carry;
    return r;
}

static struct big big_sub(struct big a, struct big b)      /* requires a >= b */
{
    long long borrow = 0;
    for (int i = 0; i < a.n; i++) {
        long long d = (long long)a.limb[i] - borrow - (i < b.n ? b.limb[i] : 0);
        borrow = d < 0;
        if (d < 0)
            d += BASE;
        a.limb[i] = (unsigned)d;
    }
    trim(&a);
    return a;
}

static struct big big_mul(const struct big *a, const struct big *b)
{
    unsigned long long acc[MAXLIMBS * 2];
    memset(acc, 0, sizeof acc);
    for (int i = 0; i < a->n; i++) {
        for (int j = 0; j < b->n && i + j < MAXLIMBS; j++) {
            acc[i + j] += (unsigned long long)a->limb[i] * b->limb[j];
            if (acc[i + j] >= 8000000000000000000ULL) {
                acc[i + j + 1] += acc[i + j] / BASE;
                acc[i + j] %= BASE;
            }
        }
    }
    struct big r;
    memset(&r, 0, sizeof r);
    unsigned long long carry = 0;
    int n = a->n + b->n;
    if (n > MAXLIMBS)
        n = MAXLIMBS;
    for (int i = 0; i < n; i++) {
        unsigned long long v = acc[i] + carry;
        r.limb[i] = (unsigned)(v % BASE);
        carry = v / BASE;
    }
    r.n = n;
    trim(&r);
    return r;
}

static struct big big_mul_small(struct big a, unsigned m)
{
    unsigned long long carry = 0;
    for (int i = 0; i < a.n; i++) {
        unsigned long long v = (unsigned long long)a.limb[i] * m + carry;
        a.limb[i] = (unsigned)(v % BASE);
        carry = v / BASE;
    }
    while (carry) {
        a.limb[a.n++] = (unsigned)(carry % BASE);
        carry /= BASE;
    }
    return a;
}

static struct big big_div_small(struct big a, unsigned d, unsigned *rem)
{
    unsigned long long r = 0;
    for (int i = a.n - 1; i >= 0; i--) {
        unsigned long long cur = a.limb[i] + r * BASE;
        a.limb[i] = (unsigned)(cur / d);
        r = cur % d;
    }
    trim(&a);
    if (rem)
        *rem = (unsigned)r;
    return a;
}

static int big_to_string(const struct big *a, char *out)
{
    int len = sprintf(out, "%u", a->limb[a->n - 1]);
    for (int i = a->n - 2; i >= 0; i--)
        len += sprintf(out + len, "%09u", a->limb[i]);
    return len;
}

static int digit_sum(const char *s)
{
    int t = 0;
    while (*s)
        t += *s++ - '0';
    return t;
}

static void show(const char *label, const struct big *b)
{
    static char buf[MAXLIMBS * 9 + 2];
    int len = big_to_string(b, buf);
    if (len > 60)
        printf("%s: %.25s...%s (%d digits, digit sum %d)\n", label, buf, buf + len - 25, len, digit_sum(buf));
    else
        printf("%s: %s\n", label, buf);
}

int main(void)
{
    struct big f = big_from(1);
    for (unsigned i = 2; i <= 100; i++)
        f = big_mul_small(f, i);
    show("100!", &f);
    struct big p = big_from(1);
    for (int i = 0; i < 1000; i++)
        p = big_add(p, p);
    show("2^1000", &p);
    struct big a = big_from(0), b = big_from(1);
    for (int i = 0; i < 1000; i++) {
        struct big c = big_add(a, b);
        a = b;
        b = c;
    }
    show("fib(1000)", &a);
    struct big x = big_from(123456789012345678ULL), y = big_from(987654321098765432ULL);
    struct big prod = big_mul(&x, &y);
    show("x*y", &prod);
    struct big sq = big_mul(&prod, &prod);
    show("(x*y)^2", &sq);
    unsigned rem;
    struct big q = big_div_small(sq, 7, &rem);
    show("(x*y)^2/7", &q);
    printf("remainder %u\n", rem);
    struct big back = big_add(big_mul_small(q, 7), big_from(rem));
    printf("roundtrip %d\n", big_cmp(&back, &sq) == 0);
    struct big d = big_sub(y, x);
    show("y-x", &d);
    printf("cmp %d %d %d\n", big_cmp(&x, &y), big_cmp(&y, &x), big_cmp(&x, &x));
    /* Catalan(60) = (120)! / (61! * 60!) computed as a product of divisions */
    struct big cat = big_from(1);
    for (unsigned k = 2; k <= 60; k++) {
        cat = big_mul_small(cat, 60 + k);
        cat = big_div_small(cat, k, &rem);
    }
    show("catalan(60)", &cat);
    struct big t = f;
    int zeros = 0;
    for (;;) {
        struct big nt = big_div_small(t, 10, &rem);
        if (rem)
            break;
        t = nt;
        zeros++;
    }
    printf("trailing zeros of 100! = %d\n", zeros);
    printf("sizeof(struct big) = %d\n", (int)sizeof(struct big));
    return 0;
}
