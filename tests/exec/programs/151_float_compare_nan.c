/* Comparisons with correct NaN semantics, infinities, signed zeros, !x, &&, ||, ?:,
   float-to-bool conversion, and NaN/inf printing. */
#include <stdio.h>

static int cmp_all(double a, double b)
{
    return (a < b) << 5 | (a <= b) << 4 | (a > b) << 3 | (a >= b) << 2 | (a == b) << 1 | (a != b);
}

static int fcmp_all(float a, float b)
{
    return (a < b) << 5 | (a <= b) << 4 | (a > b) << 3 | (a >= b) << 2 | (a == b) << 1 | (a != b);
}

static double make_nan(double zero) { return zero / zero; }

int main(void)
{
    volatile double zero = 0.0;
    double nan = make_nan(zero);
    double inf = 1.0 / zero;
    double vals[] = {-inf, -2.5, -0.0, 0.0, 1.0, inf, nan};
    int n = sizeof vals / sizeof vals[0];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            printf("%02x ", cmp_all(vals[i], vals[j]));
        printf("\n");
    }
    for (int i = 0; i < n; i++)
        printf("%02x ", fcmp_all((float)vals[i], 1.0f));
    printf("\n");
    printf("nan!=nan %d nan==nan %d\n", nan != nan, nan == nan);
    printf("!nan %d !0.0 %d !-0.0 %d !0.5 %d\n", !nan, !zero, !(-zero), !0.5);
    printf("%d %d\n", nan && 1, zero || 0);
    _Bool b1 = nan, b2 = 0.25, b3 = -0.0;
    printf("bool %d %d %d\n", b1, b2, b3);
    int branches = 0;
    if (nan) branches += 1;
    if (zero) branches += 10;
    if (nan < 1.0) branches += 100;
    if (!(nan < 1.0)) branches += 1000;
    if (nan != 1.0) branches += 10000;
    printf("branches %d\n", branches);
    double m = nan > 0 ? 1.0 : -1.0;
    double mx = inf > 1e308 ? inf : 0.0;
    printf("%g %g\n", m, mx);
    printf("%f %f %g %e\n", inf, -inf, -inf, inf);
    printf("%f %g\n", -nan, -(-nan));
    float fz = -0.0f;
    printf("%g %g %d\n", fz, -fz, fz == 0.0f);
    int count = 0;
    for (double x = -1.0; x <= 1.0; x += 0.25)
        if (x >= -0.5 && x < 0.5)
            count++;
    printf("count %d\n", count);
    double sel[4] = {1.5, nan, -2.0, 0.0};
    double best = sel[0];
    for (int i = 1; i < 4; i++)
        best = sel[i] > best ? sel[i] : best;
    printf("best %g\n", best);
    printf("folded %f %f %f\n", 0.0 / 0.0, -(0.0 / 0.0), inf - inf);
    return 0;
}
