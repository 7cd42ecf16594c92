// A recursive call's return address on the call's own line starts no row.
// gdb's `step` out of the inner fib returns into fib again: from the middle of
// a row it steps on into the second call, as at -O0 (fib:17 fib:14); a row
// starting at the return address, even without is_stmt, made gdb stop at the
// line's next is_stmt row first (fib:17 fib:16 fib:14). The row after it (the
// second call's key) may still be is_stmt: gdb is then stepping line 16 and
// goes on. Calls of other functions keep their rows (gdb shows the caller's
// line there after a return). The LLVM 22 mode keeps LLVM's rows.
// RUN: %atomc -S -O2 -g %s -o - | filecheck %s
// RUN: %atomc -S -O2 -g --key-instructions-mode=llvm22 %s -o - | filecheck --check-prefix=LLVM %s

__attribute__((noinline)) int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}
// CHECK-LABEL: fib:
// CHECK:       call fib
// CHECK-NEXT:  .Ltmp{{[0-9]+}}:
// CHECK-NEXT:  addl $-2, %ebx
// CHECK:       call fib
// CHECK-NEXT:  .Ltmp{{[0-9]+}}:
// CHECK-NEXT:  addl %eax, %r12d
// CHECK-NEXT:  .loc 1 16 5 is_stmt 1

// LLVM-LABEL: fib:
// LLVM:       call fib
// LLVM-NEXT:  .Ltmp{{[0-9]+}}:
// LLVM-NEXT:  .loc 1 16 31 is_stmt 1
// LLVM:       call fib
// LLVM-NEXT:  .Ltmp{{[0-9]+}}:
// LLVM-NEXT:  .loc 1 16 23 is_stmt 1
