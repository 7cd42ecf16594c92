/* Floating values in static and automatic initialisers: globals, arrays, structs and
   unions (IEEE bits in .data/.rodata), constant expressions folded at compile time,
   hexadecimal and suffixed literals, designated initialisers, static locals. */
#include <stdio.h>

double g1 = 1.0 / 3.0;
float g2 = 2.5e-3f;
const double table[] = {0.0, -0.0, 1e308 * 10, 0x1.921fb54442d18p1, 1.5e-323, (float)0.1, 7};
struct pt { float x; double y; int tag; } pts[2] = {{1.5f, -2.25, 1}, {.y = 3.0, .x = 0.125f}};
union fu { float f; unsigned u; } fu1 = {1.0f};
static double cmpv = 2.5 > 1.5 ? 10.0 : 20.0;
int fromf = (int)3.99;
long lfrom = (long)-2.5e9;
unsigned char ucf = (unsigned char)250.9;
_Bool bf = 0.001;
float fromint = 16777217;
double fromul = 18446744073709551615UL;
double gnan[2] = {0.0 / 0.0, -(0.0 / 0.0)};

static double counter(void)
{
    static double total = 0.5;
    total *= 2;
    return total;
}

int main(void)
{
    printf("%.17g %.9g\n", g1, g2);
    for (int i = 0; i < 7; i++)
        printf("%.17g ", table[i]);
    printf("\n");
    printf("%g %g %d | %g %g %d\n", pts[0].x, pts[0].y, pts[0].tag, pts[1].x, pts[1].y, pts[1].tag);
    printf("%#x %g %d %ld %d %d %.1f %.1f\n", fu1.u, cmpv, fromf, lfrom, ucf, bf, fromint, fromul);
    double loc[4] = {1.25, [3] = -8.5};
    struct pt lp = {.y = 0.1, .tag = 3};
    float lf[3] = {1, 2.5, 1e-3f};
    printf("%g %g %g %g | %g %g %d | %.9g %.9g %.9g\n", loc[0], loc[1], loc[2], loc[3], lp.x,
           lp.y, lp.tag, lf[0], lf[1], lf[2]);
    counter();
    counter();
    printf("%g\n", counter());
    printf("%.17g %.17g %.9g\n", 0x1p-3, 0X1.8P+1, 0x1.fffffep+127f);
    printf("%f %f\n", gnan[0], gnan[1]);
    printf("%.17g %.9g %.17g\n", 1e-5, 1.17549435e-38f, 4.9406564584124654e-324);
    return 0;
}
