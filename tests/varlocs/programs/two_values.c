/* Variables computed from two values that both live on, never used themselves:
 * dead-code elimination erases their code and describes each over both values
 * (ir/operand_records.py): `DW_OP_bregN 0, DW_OP_bregM 0, DW_OP_plus`, or a spill
 * slot's `DW_OP_fbreg off, DW_OP_deref` where one value lives on the stack, with a
 * location only where both have one (codegen/debuginfo/operand_values.py).
 * Before: optimized out. */
#include <stdio.h>

long sink;

__attribute__((noinline)) static void use(long v)
{
    sink += v;
}

__attribute__((noinline)) static long work(long a, long b, int i, int j, long c, long d)
{
    long sum = a + b;
    int len = i + j + 1;
    long diff = c - d;
    int mask = i & j;
    long prod = a * d;
    long e = a ^ c, f = b + d, g = c * 3 + a, h = d - b;
    use(e);                                        //@ label: first
    use(f);
    use(g);                                        //@ label: third
    use(h);
    use(a);
    use(b);
    use(c);
    use(d);
    return (long)i * j + e + f + g + h;           //@ label: ret
}

int main(void)
{
    long t = 0;
    t += work(10, 20, 3, 4, 100, 7);
    t += work(-5, 8, 6, -9, 70, 70);
    t += work(1000000000000L, 3, 0, 0, -1, 2);
    printf("%ld %ld\n", t, sink);
    return 0;
}
//@ watch(sum) at first: 30 3 1000000000003
//@ watch(len) at first: 8 -2 1
//@ watch(diff) at first: 93 0 -3
//@ watch(mask) at first: 0 6 0
//@ watch(prod) at first: 70 -350 2000000000000
//@ watch(sum) at third: 30 3 1000000000003
//@ watch(len) at third: 8 -2 1
//@ watch(diff) at third: 93 0 -3
//@ watch(mask) at third: 0 6 0
//@ watch(prod) at third: 70 -350 2000000000000
//@ watch(sum) at ret: 30 3 1000000000003
//@ watch(len) at ret: 8 -2 1
//@ watch(diff) at ret: 93 0 -3
//@ watch(mask) at ret: 0 6 0
//@ watch(prod) at ret: 70 -350 2000000000000
