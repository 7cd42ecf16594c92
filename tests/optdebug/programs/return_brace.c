/* Functions with a single `return e;`: the front end folds the return block
 * into it, and with Key Instructions the `ret` takes the return statement's
 * location. The epilogue keeps the closing brace (Ret.close), so `step`
 * stops on the `}` after the return line, as at -O0. */
#include <stdio.h>

__attribute__((noinline)) static int scale(int a, int b)
{
    int p = a * b;
    return p + 7;
}

__attribute__((noinline)) static int sum_to(int n)
{
    int total = 0;
    for (int i = 1; i <= n; i++)
        total += i;
    return total;
}

int main(int argc, char **argv)
{
    (void)argv;
    int s = scale(argc + 2, 5);
    int t = sum_to(argc + 3);
    printf("%d %d\n", s, t);
    return 0;
}
