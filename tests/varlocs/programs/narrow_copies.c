/* A 64-bit variable whose only later code use is its low half: the 32-bit copy
 * (`movl %eax, %edi`, the truncation the code wants) holds that half
 * zero-extended. When %rax was reused, LiveDebugValues moved `big` to %rdi and
 * gdb showed 4294967294 for 18446744073709551614 (csmith seeds 1007 and 1235:
 * an int64_t struct member and a uint64_t counter). A location must hold all
 * the bits the variable needs, at an assignment and when a register is
 * clobbered. */
#include <stdint.h>
#include <stdio.h>

volatile uint32_t g32 = 5;
volatile int sink;
uint64_t gbig = 18446744073709551615UL;

__attribute__((noinline)) static void use(uint32_t x, uint32_t y)
{
    g32 = x + y;
}

int main(void)
{
    uint64_t big = gbig;
    big--;
    gbig = big;
    uint32_t low = (uint32_t)big;
    uint32_t a = g32, b = g32, c = g32;
    sink = (int)(a * b + c);
    use(low, a);                                    //@ label: narrowed
    sink = (int)(a + b);
    printf("%u %d\n", g32, sink);
    return 0;
}
