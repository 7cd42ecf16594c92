/* `va_arg(ap, T)` moves `ap` on (a store to its gp_offset or overflow_arg_area)
   before it loads the argument. The stop for the line must come before that
   store, where -O0 stops: at the load (the assignment's key instruction) `ap`
   already showed the next argument's offset. */
#include <stdarg.h>
#include <stdio.h>

static long widest(int count, ...)
{
    va_list ap;
    long best;
    int k;
    va_start(ap, count);
    best = va_arg(ap, long);
    for (k = 1; k < count; k++) {
        long v = va_arg(ap, long);
        if (v > best)
            best = v;
    }
    va_end(ap);
    return best;
}

static double total(int count, ...)
{
    va_list ap;
    double sum = 0;
    va_start(ap, count);
    for (int k = 0; k < count; k++)
        sum += va_arg(ap, double);
    va_end(ap);
    return sum;
}

int main(void)
{
    long w = widest(4, 5L, -7L, 123456789012L, 3L);
    double t = total(3, 0.5, 1.25, 2.0);
    printf("%ld %g\n", w, t);
    return 0;
}
