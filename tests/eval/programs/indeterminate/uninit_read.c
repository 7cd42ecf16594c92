/* `v` is read (shown by the debugger) before the program writes it: its value is
   what `fill` left on the stack, which -DGARBAGE changes.  `w` is determinate. */
#include <stdio.h>

__attribute__((noinline)) static int fill(int k)
{
    volatile int junk[8] = {k, k + 1, k + 2, k + 3, k + 4, k + 5, k + 6, k + 7};
    return junk[1];
}

__attribute__((noinline)) static int peek(void)
{
    int v[8];
    int w = W;
    v[0] = w;                                           /* v[1..7] never written */
    return v[0];
}

int main(void)
{
    int a = fill(GARBAGE);
    int b = peek();
    printf("%d\n", a - GARBAGE + b - W);
    return 0;
}
