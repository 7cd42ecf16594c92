/* GNU C's complex extensions: the `__complex__` spelling, `__real__` and
   `__imag__` as lvalues (assigned, compound-assigned, address taken) and on
   real operands (the value, or 0), `~z` as the conjugate, imaginary constants
   with suffixes in either order (1.0if, 2.0fi, 3.0iL), complex members of
   structs next to long double ones, and arrays of complex long double. */
#include <stdio.h>

struct S { __complex__ double z; long double l; };

static void bump(double *part, double by) { *part += by; }

int main(void)
{
    struct S s = { 1.0 + 2.0i, 3.0L };
    double *pr = &__real__ s.z, *pi = &__imag__ s.z;
    *pr += 10;
    *pi = -*pi;
    bump(&__imag__ s.z, 0.5);
    __complex__ float f = ~(1.0f + 1.0if);
    __complex__ float g = 2.0fi * f;
    long double _Complex arr[2] = { 1.0L, 3.0iL };
    arr[1] *= arr[1];
    __real__ arr[0] += s.l;
    __imag__ arr[0] = __real__ arr[1] / 2;
    int nonzero = s.z != 0;
    double sum = __real__ s.z + __imag__ s.z;
    printf("%g %g | %g %g | %g %g\n", __real__ s.z, __imag__ s.z, __real__ f, __imag__ f,
           __real__ g, __imag__ g);
    printf("%Lg %Lg %Lg %Lg | %d %g %zu\n", __real__ arr[0], __imag__ arr[0], __real__ arr[1],
           __imag__ arr[1], nonzero, sum, sizeof s);
    volatile double x = 5.0;
    printf("%g %g %g\n", __imag__ x, __real__ x, __real__ (x * 2));
    return 0;
}
