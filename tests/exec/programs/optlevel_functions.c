/* Per-function optimisation levels: optnone, optimize("O0"/"O1"/"O3"/"Os"/2/"wrapv"),
   #pragma GCC optimize with push/pop/reset_options. Calls to such functions
   must be kept (side effects, constant results, results unused), recursion,
   VLAs, complex and floating-point arithmetic and aggregates inside them must
   behave as in every other function, whatever the command-line level. */
#include <stdio.h>
#include <string.h>
#include <complex.h>
#include <limits.h>

static int calls;
struct pair { long a; double b; };

__attribute__((optnone)) static int constant(void) { calls++; return 42; }

__attribute__((optnone)) static void bump(int *p, int by) { *p += by; calls++; }

__attribute__((optimize("O0"))) static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__attribute__((optimize("O1"))) static long sum_vla(int n)
{
    long v[n];
    long s = 0;
    for (int i = 0; i < n; i++)
        v[i] = (long)i * i - 3;
    for (int i = n - 1; i >= 0; i--)
        s += v[i] ^ (s >> 3);
    return s;
}

__attribute__((optimize("O3"))) static unsigned mix(unsigned x)
{
    for (int i = 0; i < 8; i++)
        x = (x << 5 | x >> 27) ^ (0x9e3779b9u + (unsigned)i);
    return x;
}

__attribute__((optimize("Os"), noinline)) static struct pair make_pair(long a, double b)
{
    struct pair p = { a * 3, b / 4 };
    return p;
}

__attribute__((optimize(2))) static double poly(double x) { return ((2.5 * x - 1.0) * x + 0.25) * x; }

#pragma GCC push_options
#pragma GCC optimize ("O0")
static double complex cmul(double complex a, double complex b) { return a * b; }

static int count_bits(unsigned long x)
{
    int n = 0;
    while (x) {
        n += (int)(x & 1);
        x >>= 1;
    }
    return n;
}
#pragma GCC pop_options

#pragma GCC optimize ("-O3")
static int dot(const int *a, const int *b, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}
#pragma GCC reset_options

__attribute__((optimize("wrapv,no-strict-aliasing"))) static int wrap_add(int x, int y)
{
    return x + y;
}

static int plain_twice(int x) { return constant() + x * 2; }

int main(void)
{
    int counter = 0;
    int a[6] = {1, -2, 3, -4, 5, -6}, b[6] = {6, 5, 4, 3, 2, 1};
    char buf[64];

    constant();  /* result unused: the call (and its side effect) stays */
    for (int i = 0; i < 5; i++)
        bump(&counter, i);
    int k = constant();
    printf("constant %d calls %d counter %d\n", k, calls, counter);
    printf("fib %d %d\n", fib(10), fib(15));
    printf("vla %ld %ld %ld\n", sum_vla(1), sum_vla(7), sum_vla(33));
    printf("mix %u %u\n", mix(0), mix(123456789u));
    struct pair p = make_pair(-7, 9.5);
    printf("pair %ld %.4f\n", p.a, p.b);
    printf("poly %.6f %.6f\n", poly(0.5), poly(-3.25));
    double complex z = cmul(1.5 + 2.0 * I, -0.5 + 4.0 * I);
    printf("cmul %.3f %.3f\n", creal(z), cimag(z));
    printf("bits %d %d\n", count_bits(0), count_bits(0xf0f0f0f0f0f0f0f0ul));
    printf("dot %d\n", dot(a, b, 6));
    printf("wrap %d %d\n", wrap_add(INT_MAX, 1), wrap_add(INT_MIN, -1));
    snprintf(buf, sizeof buf, "%d", plain_twice(9));
    printf("plain %s %zu calls %d\n", buf, strlen(buf), calls);
    return counter == 10 ? 0 : 1;
}
