/* Floating-point variables that constant propagation folds away: their records
 * hold a float constant, described by its bit pattern (DW_OP_constu <bits>,
 * DW_OP_stack_value); before, they showed "optimized out". */
#include <stdio.h>

double dsink;
float fsink;

__attribute__((noinline)) static void use(double v, float f)
{
    dsink += v;
    fsink += f;
}

__attribute__((noinline)) static int work(int n)
{
    double d = 2.5;
    float f = -0.75f;
    double e = d * 4.0;
    use(1.0, 2.0f);                                /* d, f, e are constants here */
    dsink += n;                                    //@ label: after_use
    return n + 1;                                  //@ label: ret
}

int main(void)
{
    int t = 0;
    for (int i = 0; i < 2; i++)
        t += work(i);
    printf("%d %g %g\n", t, dsink, (double)fsink);
    return 0;
}
//@ watch(d) at after_use: 2.5
//@ watch(f) at after_use: -0.75
//@ watch(e) at after_use: 10
//@ watch(d) at ret: 2.5
