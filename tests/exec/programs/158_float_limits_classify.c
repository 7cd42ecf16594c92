/* <float.h> limits (spelled as long double literals cast to double) and the
   classification builtins, whose operand must be evaluated exactly once. */
#include <float.h>
#include <math.h>
#include <stdio.h>

static int calls;

static double next_value(void) {
    static const double values[] = {0.0, -0.0, 1.5, -2.25, 1e308, -1e308, 5e-324, 3.0};
    double v = values[calls % 8];
    calls++;
    return v;
}

int main(void) {
    printf("%g %g %g\n", DBL_MAX, DBL_MIN, DBL_EPSILON);
    printf("%a %a %a\n", DBL_MAX, DBL_MIN, DBL_EPSILON);
    printf("%g %g %g %d %d\n", (double)FLT_MAX, (double)FLT_MIN, (double)FLT_EPSILON, DBL_DIG, FLT_MANT_DIG);
    double inf = DBL_MAX * 2, ninf = -DBL_MAX * 2;
    double samples[] = {0.0, -0.0, 1.5, -2.25, inf, ninf, DBL_MIN / 4, DBL_MAX};
    for (int k = 0; k < 8; k++) {
        double x = samples[k];
        printf("%d %d %d %d %g %d %d\n", __builtin_isnan(x), __builtin_isinf(x), __builtin_isfinite(x),
               __builtin_isinf_sign(x), __builtin_fabs(x), __builtin_signbit(x) != 0,
               __builtin_fpclassify(0, 1, 2, 3, 4, x));
    }
    float f = -3.5f;
    printf("%g %d\n", (double)__builtin_fabsf(f), isnan(f));
    int n = 0;
    n += __builtin_isnan(next_value());
    n += __builtin_isinf(next_value());
    n += __builtin_isfinite(next_value());
    n += __builtin_isinf_sign(next_value());
    double a = __builtin_fabs(next_value());
    printf("calls=%d n=%d a=%g\n", calls, n, a);
    return 0;
}
