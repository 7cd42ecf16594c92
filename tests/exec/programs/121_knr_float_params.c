/* Old-style definitions with floating parameters: a caller without a prototype passes
   float as double, and the definition converts it back on entry. */
#include <stdio.h>

double scale(x, k) float x; int k; { return x * k; }

float half();

static double mix(a, b, c) float a; double b; char c; { return a + b * c; }

int main(void) {
    float v = 1.5f;
    printf("%.3f %.3f\n", scale(v, 3), half(5.0));
    printf("%.4f\n", mix(0.25f, 2.5, 3));
    printf("%.4f\n", mix(v, -1.0, 'A'));
    return 0;
}

float half(d) double d; { return d / 2; }
