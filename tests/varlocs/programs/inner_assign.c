/* An assignment with no code of its own: `x = c` inside another statement, or a
 * `for` initialisation whose counter needs no instruction. Its record comes right
 * before its line's first instruction, where debuggers stop before the line ran:
 * the variable must still show its old value there, as at -O0. */
#include <stdio.h>

struct S { int a; };
static struct S table[4];
struct S *volatile out;
volatile int sink;
int limit = 3;

__attribute__((noinline)) static int inner(int n)
{
    struct S *p = 0;
    int w = 1;
    sink = n;
    out = (p = &table[2]);                         //@ label: pointer_set
    sink = (w = n);                                //@ label: int_set
    return w + (p != 0);
}

__attribute__((noinline)) static int never_runs(const int *v)
{
    int i = 7;
    int s = v[i - 7];
    sink = s;
    for (i = 0; i == limit * 10; i++)              //@ label: for_init
        s += v[i];
    sink = i;
    return s + i;
}

int main(void)
{
    int v[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    int total = inner(5);
    total += never_runs(v);
    printf("%d\n", total);
    return 0;
}
//@ watch(w) at int_set: 1
//@ watch(i) at for_init: 7
