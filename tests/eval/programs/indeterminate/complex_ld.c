/* lldb-22 reads a `_Complex long double`'s imaginary part 10 bytes into the object
   (the real part's padding, never written by the program); gdb reads it right.
   -DDIRTY leaves other bytes in that padding before `rot` runs. */
#include <stdio.h>

#ifdef DIRTY
__attribute__((noinline)) static int dirty(void)
{
    volatile unsigned char junk[512];
    for (int i = 0; i < 512; i++)
        junk[i] = (unsigned char)(i * 37 + 11);
    return junk[3];
}
#endif

static long double rot(long double _Complex z)
{
    long double _Complex r = z * 1.0i;
    return __real__ r + __imag__ z;                     /* r: 2.5 + 1.5i */
}

int main(void)
{
#ifdef DIRTY
    dirty();
#endif
    long double _Complex a = 1.5L - 2.5L * 1.0i;
    long double x = rot(a);
    printf("%.2Lf\n", x);
    return 0;
}
