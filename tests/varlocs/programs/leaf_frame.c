/* A leaf function whose locals take 14 bytes: %rsp must stay a multiple of 8
   (lldb computes no CFA from an odd %rsp, and then reads every stack variable
   from the wrong place). */
#include <stdio.h>

__attribute__((noinline)) static int leaf(int n)
{
    volatile char buf[13];
    volatile char c = 7;
    buf[0] = (char)n;
    buf[12] = 5;
    c = (char)(buf[0] + buf[12] + c);  //@ watch(buf[0]): 9
    return c + n;                      //@ watch(c): 21
}

int main(void)
{
    printf("%d\n", leaf(9));
    return 0;
}
