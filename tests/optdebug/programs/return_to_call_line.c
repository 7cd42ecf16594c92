/* After `step` out of a real callee, gdb goes on to the caller's next line, as
   at -O0: the code after the call on the call's own line (the store of the
   result, the `& 0x7f`) makes no second stop on that line. */
#include <stdio.h>

__attribute__((noinline)) static int twice(int v)
{
    return v * 2;
}

int main(int argc, char **argv)
{
    int x, y;
    (void)argv;
    x = y = twice(argc + 4);
    printf("%d\n", x + y);
    return twice(x) & 0x7f;
}
