/* Values no register holds any more, while a register still holds a value they
 * were computed from or that was computed from them (ldv/derived.py):
 * forwards, `sh = a >> 3`, `m = a * 1000`, `x = a ^ 0x55`, `lo = (unsigned char)a`,
 * `n = (signed char)a` are a's register through the shift, multiply, xor,
 * mask or sign extension once their own register is reused by the calls;
 * backwards, `b = p ^ 0x55` and `w = q` (a sign extension) overwrite the only copy
 * of p and q, which are b's register xor 0x55 again and w's low half. The
 * caller passes values loaded from memory, so no call-site value resolves an
 * entry value instead. `s = a >> 2` in from_entry, whose a no register keeps,
 * is a's entry value shifted (the caller describes the argument). negative()
 * shifts and truncates -1000: the signed results are computed without
 * DW_OP_shra, which lldb-22 shifts logically. Before: optimized out. */
#include <stdio.h>

int g_seed = 1000;
int g_neg = -1000;
long sink;

__attribute__((noinline)) static void use(long v)
{
    __asm__ volatile("" ::: "memory");
    sink += v;
}

__attribute__((noinline)) static int forward(int a)
{
    int sh = a >> 3;
    use(sh);                                       //@ label: shifted
    int m = a * 1000;
    use(m);                                        //@ label: multiplied
    int x = a ^ 0x55;
    use(x);                                        //@ label: xored
    unsigned char lo = (unsigned char)a;
    use(lo);                                       //@ label: masked
    signed char n = (signed char)a;
    use(n);                                        //@ label: extended
    return a;                                      //@ label: forward_end
}

__attribute__((noinline)) static int backward(int p)
{
    int b = p ^ 0x55;
    use(b);                                        //@ label: b_used
    use(b + 1);                                    //@ label: b_used_again
    return b;                                      //@ label: b_returned
}

__attribute__((noinline)) static long widened(int q)
{
    long w = q;
    use(w);                                        //@ label: w_used
    use(w * 3);                                    //@ label: w_used_again
    return w;                                      //@ label: w_returned
}

__attribute__((noinline)) static int negative(int a)
{
    int sh = a >> 3;
    use(sh);                                       //@ label: neg_shifted
    short h = (short)a;
    use(h);                                        //@ label: neg_truncated
    return a;                                      //@ label: neg_end
}

__attribute__((noinline)) int from_entry(int a)
{
    int s = a >> 2;
    use(s);                                        //@ label: s_used
    use(0);                                        //@ label: s_gone
    return 0;
}

int main(void)
{
    int k = g_seed;
    from_entry(k);
    int f = forward(k);
    int b = backward(g_seed);
    long w = widened(g_neg);
    negative(g_neg);
    printf("%d %d %ld %ld\n", f, b, w, sink);
    return 0;
}
//@ watch(sh) at multiplied: 125
//@ watch(sh) at forward_end: 125
//@ watch(m) at xored: 1000000
//@ watch(x) at masked: 957
//@ watch(lo) at extended: 232
//@ watch(n) at forward_end: -24
//@ watch(p) at b_used: 1000
//@ watch(p) at b_used_again: 1000
//@ watch(p) at b_returned: 1000
//@ watch(q) at w_used: -1000
//@ watch(q) at w_used_again: -1000
//@ watch(q) at w_returned: -1000
//@ watch(s) at s_gone: 250
//@ watch(sh) at neg_truncated: -125
//@ watch(sh) at neg_end: -125
//@ watch(h) at neg_end: -1000
