/* A recursive function's parameter after its argument register is reused for
 * the next call: the callee's n lives nowhere once fib(n - 1) is set up, so the
 * debugger recovers it through DW_OP_entry_value from the caller's call site,
 * whose DW_AT_call_value is "callee-saved register + constant" (the caller
 * keeps its own n in %rbx across the first call and passes n - 1). */
#include <stdio.h>

int sink;

__attribute__((noinline)) static int fib(int n)
{
    if (n < 2)
        return n;
    int a = fib(n - 1);
    int b = fib(n - 2);  /* n - 2 overwrites n's register */
    sink += a;                                     //@ label: after_both
    return a + b;
}

/* a pointer parameter stepped by a constant: lea 4(%rbx), %rdi */
__attribute__((noinline)) static int sum(const int *p, int left)
{
    if (left == 0)
        return 0;
    int rest = sum(p + 1, left - 1);
    sink += rest;                                  //@ label: summed
    return *p + rest;
}

int data[4] = {10, 20, 30, 40};

int main(int argc, char **argv)
{
    (void)argv;
    int total = fib(argc + 3);
    total += sum(data, argc + 2);
    printf("%d %d\n", total, sink);
    return 0;
}
//@ watch(n) at after_both: 2 3 2 4
//@ watch(*p) at summed: 30 20 10
