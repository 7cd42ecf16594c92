/* An inlined call that is all of its line's code before the `+=`: the body's
   first instruction is the call line's statement, so `break 19` stops in main
   before square runs, and `step` out of square goes on to the loop's next line
   (was main:19 square:10 main:19 main:18: a second stop on the call line for
   the `+=` after the callee's lines, which -O0 never makes). */
#include <stdio.h>

static int square(int v)
{
    int r = v * v;
    return r;
}

int main(int argc, char **argv)
{
    int total = 0;
    (void)argv;
    for (int i = 0; i < argc + 2; i++)
        total += square(i);
    printf("%d\n", total);
    return 0;
}
