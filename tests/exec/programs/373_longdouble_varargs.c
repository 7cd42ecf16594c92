/* long double through variadic calls: printf's %Lf %Le %Lg %La %LG with flags,
   widths and precisions, and a variadic callee reading long doubles with va_arg
   from the overflow area (16-byte aligned) between ints and doubles, va_copy. */
#include <stdarg.h>
#include <stdio.h>

static long double total(int n, ...)
{
    va_list ap, cp;
    va_start(ap, n);
    va_copy(cp, ap);
    long double s = 0;
    for (int i = 0; i < n; i++) {
        switch (i % 3) {
        case 0: s += va_arg(ap, long double); break;
        case 1: s += va_arg(ap, int); break;
        default: s += va_arg(ap, double); break;
        }
    }
    long double first = va_arg(cp, long double);
    va_end(cp);
    va_end(ap);
    return s * 1000 + first;
}

static void fixed_then_var(long double head, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    printf("head %La:", head);
    for (int i = 0; i < n; i++)
        printf(" %La", va_arg(ap, long double));
    printf("\n");
    va_end(ap);
}

int main(void)
{
    long double pi = 3.14159265358979323846264338327950288L;
    printf("[%Lf] [%.3Lf] [%12.4Lf] [%-12.2Lf] [%+Lf] [%012.3Lf]\n", pi, pi, pi, pi, pi, pi);
    printf("[%Le] [%.10Le] [%LE] [%Lg] [%.18Lg] [%LG]\n", pi, pi, pi * 1e30L, pi, pi,
           pi * 1e-30L);
    printf("[%La] [%LA] [%.3La] [%Lg] [%Lg] [%Lf]\n", pi, pi, pi, 1e-5L, 123456789.0L, -0.0L);
    printf("[%.0Lf] [%.0Lf] [%.0Lf] [%.1Lf] [%#.0Lf]\n", 0.5L, 1.5L, 2.5L, 0.25L, 3.0L);
    printf("%La\n", total(7, 1.5L, 2, 0.25, 1e10L, 3, 0.5, -2.5L));
    fixed_then_var(0.75L, 3, 1.0L, 2.0L, 3.0L);
    printf("%d %La %d %La %f\n", 1, 2.0L, 3, 4.0L, 5.0);
    return 0;
}
