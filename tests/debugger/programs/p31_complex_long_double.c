/* _Complex long double (two x87 values, 32 bytes, passed in memory and returned
   in %st(0) and %st(1)) as locals, parameters, results and struct members next
   to complex float and double: gdb must show what it shows for gcc's build.
   (Not under lldb: lldb-22 reads the imaginary part 10 bytes into the object.) */
#include <complex.h>
#include <stdio.h>

//! break: made rotated final
//! globals: g_lz
//! step: rotate 5
//! next: main 7
//! finish: make
//! bt: rot_body

struct trio { float complex f; double complex d; long double complex l; };

long double complex g_lz = 0.5L - 0.25L * I;

static long double complex make(long double re, long double im)
{
    long double complex z = re + im * I;
    return z * 2;                                   //@ label: made
}

static long double complex rot_once(long double complex z, int n)
{
    if (n == 0)
        return z * I;                               //@ label: rot_body
    return rot_once(z * I, n - 1);
}

static struct trio rotate(struct trio t)
{
    t.f *= I;
    t.d = -t.d;
    t.l = rot_once(t.l, 2);
    return t;                                       //@ label: rotated
}

int main(void)
{
    long double complex a = make(1.5L, -0.75L);
    struct trio t = { 1.0f + 2.0f * I, 3.0 - 4.0 * I, a + g_lz };
    struct trio u = rotate(t);
    long double complex sum = u.l + a;
    printf("%Lg %Lg %g %g\n", creall(sum), cimagl(sum), crealf(u.f), cimag(u.d)); //@ label: final
    return 0;
}
