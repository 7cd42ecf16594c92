/* Variadic calls with doubles: printf %f %g %e %a with more than eight floating
   arguments (the rest on the stack, %al set), mixed with integers; a variadic callee
   reading doubles and ints with va_arg (fp_offset and overflow area); va_copy. */
#include <stdarg.h>
#include <stdio.h>

static double sum_mixed(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++) {
        if (i % 3 == 2)
            s += va_arg(ap, int);
        else
            s += va_arg(ap, double);
    }
    va_end(ap);
    return s;
}

static void show(const char *tag, double first, ...)
{
    va_list ap, cp;
    va_start(ap, first);
    va_copy(cp, ap);
    double x = first;
    printf("%s:", tag);
    while (x >= 0) {
        printf(" %.3f", x);
        x = va_arg(ap, double);
    }
    double again = va_arg(cp, double);
    printf(" | again %.3f\n", again);
    va_end(cp);
    va_end(ap);
}

static float fvals[12] = {1.5f, 2.25f, -3.125f, 4.0f, 5.5f, 6.75f, 7.0f, 8.5f, 9.25f, 10.0f,
                          11.5f, 12.125f};

int main(void)
{
    double a = 3.14159265358979, b = -2.5e-7, c = 6.02214076e23;
    printf("%f %g %e %a\n", a, b, c, a);
    printf("%.2f %.10g %E %G %A\n", a, b, c, 1e-10, 0.1);
    printf("%f %f %f %f %f %f %f %f %f %f %f\n", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0,
           10.0, 11.0);
    printf("%d %f %ld %g %s %e %c %f %d %f %f %f %f %f %u\n", 1, 1.5, 2L, 2.5, "x", 3.5, 'y',
           4.5, 5, 5.5, 6.5, 7.5, 8.5, 9.5, 10u);
    printf("%f %f %f %f %f %f %f %f %f %f %f %f\n", fvals[0], fvals[1], fvals[2], fvals[3],
           fvals[4], fvals[5], fvals[6], fvals[7], fvals[8], fvals[9], fvals[10], fvals[11]);
    printf("%.17g\n", sum_mixed(12, 1.5, 2.5, 3, 4.5, 5.5, 6, 7.5, 8.5, 9, 10.5, 11.5, 12));
    printf("%.17g\n", sum_mixed(2, 0.25, 0.5));
    show("list", 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, -1.0);
    show("short", 2.0, -1.0);
    char buf[64];
    snprintf(buf, sizeof buf, "%08.3f|%-8.2e|%+g", -1.5, 12345.678, 0.0001);
    printf("%s\n", buf);
    return 0;
}
