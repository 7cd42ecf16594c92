/* _Complex constants and initialisers: <complex.h>'s I (1.0iF), GNU imaginary
   constants (2.5i, 0x1p-3iL), CMPLX (__builtin_complex), static arrays and
   structs of complex values, unions, constant expressions folded as gcc folds
   them (products and quotients of complex constants exactly rounded per part,
   as MPC does, sums and real scalings rounded like the machine), locals
   initialised from constants and the -0.0/infinity cases that keep their signs. */
#include <complex.h>
#include <stdio.h>
#include <string.h>

struct rec { char tag; double complex z; float complex w; };
union u { double complex z; double d[2]; };

static double complex consts[] = {
    I, 2.5i, -I, 1.0 + 2.0 * I, 3 - 4.0i, (1.1 + 2.2i) * (3.3 - 4.4i),
    (1.0 + 1e-17i) / (3.0 - 7.0i), 0.1 * (1 + 1.0i), CMPLX(-0.0, -0.0), CMPLX(0.5, -0.0),
    1e308 * (1 + 0.0i), -(0.0 + 0.0 * I),
};
static float complex fconsts[] = { 1.1f + 2.2if, (0.1f + 0.7if) * (1.3f - 0.2if), 3 };
static long double complex lconsts[] = { 0x1p-3iL, (0.1L + 0.3iL) * (0.7L - 0.9iL),
                                         1.0L / (3 + 1.0iL), CMPLXL(1e4000L, -1e-4000L) };
static struct rec recs[2] = { { 'a', 1 + 1.0i, 2 - 2.0if }, { .z = -1.0i, .tag = 'b' } };
static union u un = { 4 + 5.0i };

static void dump(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        printf("%02x", b[i]);
    printf("\n");
}

int main(void)
{
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
        printf("%a %a\n", creal(consts[i]), cimag(consts[i]));
    for (int i = 0; i < 3; i++)
        printf("%a %a\n", crealf(fconsts[i]), cimagf(fconsts[i]));
    for (int i = 0; i < 4; i++)
        printf("%La %La\n", creall(lconsts[i]), cimagl(lconsts[i]));
    for (int i = 0; i < 2; i++)
        printf("%c %g%+gi %g%+gi\n", recs[i].tag, creal(recs[i].z), cimag(recs[i].z),
               crealf(recs[i].w), cimagf(recs[i].w));
    printf("%g %g %zu\n", un.d[0], un.d[1], sizeof recs[0]);
    double complex local = (1.1 + 2.2i) * (3.3 - 4.4i);
    double complex loc2[2] = { [1] = 7.0i };
    printf("%a %a %a %a\n", creal(local), cimag(local), creal(loc2[1]), cimag(loc2[0]));
    dump(&consts[5], sizeof consts[5]);
    dump(&lconsts[1], 20);
    return 0;
}
