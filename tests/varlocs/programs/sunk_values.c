/* Values computed before a branch but used on one path only: sink moves their
 * computation into that path, below the lines that assign them. Between the
 * assignment and the branch the variable is an expression over the operand the
 * sunk instruction reads (`slot` as st + 20, `twice` as k * 2 + 1, `eighth` as
 * w >> 3: a 64-bit right shift, described after an all-ones mask, which the back
 * end requires before any right shift), which the registers still hold. Before:
 * `not assigned yet` (optimized out) from the assignment down to the branch. */
#include <stdio.h>

struct state {
    int want;
    int level;
    int arr[8];
};

int sink;

__attribute__((noinline)) static int init(struct state *st, int k, unsigned long w)
{
    int *slot = &st->arr[3];
    int twice = k * 2 + 1;
    unsigned long eighth = w >> 3;
    sink += k;                                     //@ label: before_branch
    if (st->want) {
        *slot = twice;                             //@ label: taken
        return (int)eighth;
    }
    return 0;
}

int main(void)
{
    static struct state s = {1, 0, {0}};
    int r = init(&s, 7, 0x12345678912UL);
    s.want = 0;
    r += init(&s, 4, 80);
    printf("%d %d %d\n", r, s.arr[3], sink);
    return 0;
}
//@ watch(twice) at before_branch: 15 9
//@ watch(*slot) at before_branch: 0 15
//@ watch(twice) at taken: 15
//@ watch(eighth) at before_branch: 156374987042 10
