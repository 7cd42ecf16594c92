/* long double at -O2: each value lives in a 16-byte home slot of its own (the
 * x87 code keeps nothing on the register stack between statements), so a
 * variable is described by its slot; a parameter by the caller's copy on the
 * stack; a folded constant by its 80-bit pattern (DW_OP_implicit_value). */
#include <stdio.h>

long double lsink;

__attribute__((noinline)) static void use(long double v)
{
    lsink += v;
}

__attribute__((noinline)) static long double work(long double x, int n)
{
    long double y = x * 3 + n;
    long double c = 2.5L;
    use(y);
    lsink += y * n;                                //@ label: after_use
    return y + c;                                  //@ label: ret
}

int main(int argc, char **argv)
{
    long double t = 0;
    for (int i = 0; i < 2; i++)
        t += work(0.5L * (argc + i), i);
    printf("%Lg %Lg\n", t, lsink);
    return 0;
}
//@ watch(y) at after_use: 1.5
//@ watch(x) at after_use: 0.5
//@ watch(c) at ret: 2.5
//@ watch(y) at ret: 1.5
