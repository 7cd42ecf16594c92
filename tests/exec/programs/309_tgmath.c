// LINK: -lm
/* <tgmath.h> with gcc 8+'s __builtin_tgmath: the float, double or integer arguments pick the
   float or double function (integers count as double), for one- and two-argument macros. */
#include <stdio.h>
#include <tgmath.h>
int main(void)
{
    float f = 2.0f;
    int i = 9;
    long l = 16;
    printf("%.6f %.6f %.6f %.6f\n", (double)sqrt(f), sqrt(i), sqrt(2.0), (double)sqrt(l));
    printf("%zu %zu %zu\n", sizeof(sqrt(f)), sizeof(sqrt(i)), sizeof(fabs(-3)));
    printf("%.3f %.3f %.3f %ld\n", pow(2, 10), (double)ldexp(1.5f, 3), (double)fmax(f, 1.0f), lround(2.5));
    printf("%.4f %.4f %d\n", (double)atan2(1.0f, 1.0f), exp(1), ilogb(1024.0));
    return 0;
}
