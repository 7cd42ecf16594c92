// The empty-asm idiom `asm volatile("" :: "r"(x) : "memory")` keeps x
// computed and in a register at that point of optimised code, so a debugger
// stopped there shows it: at -O2 the value is copied into the operand register
// right before the (empty) asm, and gdb prints x at the asm's line.
// REQUIRES: gdb
// RUN: %atomc -O2 -g %s -o %t
// RUN: %atomc -O2 -S %s -o - | filecheck %s --check-prefix=ASM
// RUN: gdb -batch -nx -ex 'break asm-barrier-keeps-value.c:16' -ex run -ex 'print x' -ex 'print y' %t 2>&1 | filecheck %s

__attribute__((noinline)) static int compute(int a) { return a * 7 + 1; }

int main(int argc, char **argv) {
    (void)argv;
    int x = compute(argc + 5);
    int y = x * 3;
    __asm__ volatile("" : : "r"(x) : "memory");
    __asm__ volatile("" : : "r"(y) : "memory");
    return 0;
}

// ASM-LABEL: main:
// ASM:       call compute
// ASM:       movl %eax, %[[R:[a-z0-9]+]]
// ASM:       #APP
// CHECK: $1 = 43
// CHECK: $2 = 129
