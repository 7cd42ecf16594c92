/* A _Complex long double parameter whose imaginary part is not zero: lldb-22's own
   reader takes the imaginary part from byte 10 (right after the real part's x87
   bytes) where x86-64 puts it at byte 16, and shows garbage or 0. */
#include <complex.h>
#include <stdio.h>

long double complex g_lz = 0.5L - 0.25L * I;

__attribute__((noinline)) static long double complex rot(long double complex z, int n)
{
    long double complex w = z * I;
    if (n == 0)
        return w;                                   /* line 13 */
    return rot(w, n - 1);
}

int main(void)
{
    long double complex r = rot(3.5L - 1.75L * I, 2);
    printf("%Lg %Lg\n", creall(r + g_lz), cimagl(r + g_lz));
    return 0;
}
