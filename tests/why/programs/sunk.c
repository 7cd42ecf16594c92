/* Not current, assignment sunk (built without Key Instructions, which would give the
   hoisted division the location it lands in): `a` lives in memory and the loop is unrolled;
   in its second round the scheduler issues line 19's division ahead of line 18's store of
   10 into `a`. At that row of line 19 (not a statement: lldb stops at such rows), `a` still
   holds the first round's 5, where -O0 shows 10: line 18's assignment has not run yet. */
#include <stdio.h>

__attribute__((noinline)) static void show(int *a, int n)
{
    printf("%d %d\n", *a, n);
}

int main(int argc, char **argv)
{
    int a = 0;
    (void)argv;
    for (int i = 1; i < 4; i++) {
        a = i * 5;
        int n = 1000 / (argc + i);
        show(&a, n);
    }
    return 0;
}
//@why row:19 a: 5 [not current: line 18's assignment has not run yet]
//@why row:19 i: 2
//@why-flags: -gno-key-instructions
