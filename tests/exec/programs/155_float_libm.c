// LINK: -lm
/* Calls into libm (linked with -lm by the harness for gcc and atomc alike): sqrt, pow,
   sin/cos, exp/log, floor/ceil/fmod, fabs, frexp/ldexp with pointer out-parameters, float
   variants, and the classification macros. */
#include <math.h>
#include <stdio.h>

int main(void)
{
    double xs[] = {0.5, 1.0, 2.0, 10.0, 123.456};
    for (int i = 0; i < 5; i++) {
        double x = xs[i];
        printf("%.12g %.12g %.12g %.12g %.12g %.12g\n", sqrt(x), pow(x, 1.5), sin(x), cos(x),
               exp(-x), log(x));
    }
    printf("%g %g %g %g %g\n", floor(-2.5), ceil(-2.5), fmod(7.5, 2.0), fabs(-3.25),
           trunc(-7.9));
    int e;
    double m = frexp(48.0, &e);
    printf("%g %d %g\n", m, e, ldexp(m, e + 1));
    float fx = 2.0f;
    printf("%.9g %.9g %.9g\n", sqrtf(fx), powf(fx, 0.5f), atan2f(1.0f, fx));
    double nan = NAN, inf = INFINITY;
    printf("%d %d %d %d %d\n", isnan(nan), isinf(inf), isfinite(1.0), isnan(1.0), signbit(-0.0) != 0);
    printf("%g %g %g\n", fmax(1.0, nan), fmin(-inf, 2.0), hypot(3.0, 4.0));
    printf("%.17g %.17g\n", M_PI, atan(1.0) * 4);
    double r = 0;
    for (int k = 1; k <= 100; k++)
        r += 1.0 / ((double)k * k);
    printf("%.15f %.15f\n", r, sqrt(6 * r));
    return 0;
}
