// A function without a frame pointer starts with pushes, and its first body
// row (prologue_end) comes after them. gdb steps into such a function to the
// entry address (its prologue analysis finds no `push %rbp; mov %rsp, %rbp`)
// and shows the row there: with the `{` row it stopped on line 13 before
// line 14, a stop -O0 does not make. The entry address gets a row of the
// body's first line instead (gcc writes both rows there, but lldb then finds
// no prologue); breakpoints still go to prologue_end. A function with a frame
// pointer is unchanged.
// RUN: %atomc -S -O2 -g %s -o - | filecheck %s
// RUN: %atomc -S -O2 -g -fno-omit-frame-pointer %s -o - | filecheck --check-prefix=FP %s

__attribute__((noinline)) int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}
// CHECK-LABEL: fib:
// CHECK-NEXT:  .cfi_startproc
// CHECK-NEXT:  .loc 1 14 11
// CHECK-NEXT:  pushq %rbx
// CHECK:       .loc 1 14 11 prologue_end

// FP-LABEL: fib:
// FP-NEXT:  .cfi_startproc
// FP-NEXT:  .loc 1 13 0
// FP-NEXT:  pushq %rbp
// FP:       .loc 1 14 11 prologue_end
