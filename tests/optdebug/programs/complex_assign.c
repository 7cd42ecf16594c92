/* A long double complex assignment reaches its variable through a temporary;
 * once SROA and mem2reg promote both, its additions carry its atom (mem2reg's
 * _leave_atom), so `step` stops on it as at -O0. */
#include <complex.h>
#include <stdio.h>

__attribute__((noinline)) static long double complex add(long double complex u,
                                                          long double complex a)
{
    long double complex sum = u + a;
    long double complex twice = sum * 2;
    return twice;
}

int main(void)
{
    long double complex r = add(1.5L - 0.5L * I, 2.0L + 1.0L * I);
    printf("%Lg %Lg\n", creall(r), cimagl(r));
    return 0;
}
