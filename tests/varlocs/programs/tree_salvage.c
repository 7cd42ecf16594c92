/* Variables computed from one value through several operands, compares and
 * selects, each never used: dead-code elimination erases their code and salvages
 * each record (ir/salvage_tree.py) into an expression over the value that is left:
 * a rotate and a byte swap read x through several shifts and masks (DW_OP_dup,
 * DW_OP_swap), a compare with a constant is the sign of an exact difference, a
 * select between constants is arithmetic on its condition. Before: optimized out. */
#include <stdio.h>

int sink;

__attribute__((noinline)) static void use(unsigned v)
{
    sink += (int)v;
}

__attribute__((noinline)) static unsigned work(unsigned x, int s)
{
    unsigned rot = (x << 8) | (x >> 24);
    unsigned swapped = (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
    unsigned mixed = (x ^ (x >> 4)) + (x & 0xf0f0u);
    int below = x < 1000u;
    int nonneg = s >= 0;
    int is_seven = s == 7;
    int small = s <= -3;
    unsigned pick = x > 5000u ? 40u : 2u;
    int sign = s < 0 ? -1 : 1;
    use(x);                                        //@ label: after_first
    use((unsigned)s);                              //@ label: after_second
    return x + (unsigned)s;                        //@ label: ret
}

int main(void)
{
    unsigned t = 0;
    t += work(0x12345678u, 7);
    t += work(999u, -3);
    t += work(0xA0B0C0D0u, 7);
    printf("%u %d\n", t, sink);
    return 0;
}
//@ watch(rot) at after_first: 878082066 255744 2965426336
//@ watch(swapped) at after_first: 2018915346 3875733504 3502289056
//@ watch(mixed) at after_first: 320299919 1209 2864483757
//@ watch(below) at after_first: 0 1 0
//@ watch(nonneg) at after_first: 1 0 1
//@ watch(is_seven) at after_first: 1 0 1
//@ watch(small) at after_first: 0 1 0
//@ watch(pick) at after_first: 40 2 40
//@ watch(sign) at after_first: 1 -1 1
//@ watch(rot) at ret: 878082066 255744 2965426336
//@ watch(swapped) at ret: 2018915346 3875733504 3502289056
//@ watch(mixed) at ret: 320299919 1209 2864483757
//@ watch(below) at ret: 0 1 0
//@ watch(nonneg) at ret: 1 0 1
//@ watch(is_seven) at ret: 1 0 1
//@ watch(small) at ret: 0 1 0
//@ watch(pick) at ret: 40 2 40
//@ watch(sign) at ret: 1 -1 1
