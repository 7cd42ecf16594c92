// After a call into another function, the return address starts a row without
// is_stmt and the rest of the call's line has none: gdb's `step` out of the
// callee then goes on to the next line, as at -O0, instead of stopping on the
// call's line again for the store of the result or the `& 0x7f`.
// RUN: %atomc -c -O2 -g %s -o %t.o
// RUN: %dwarfdump --lines %t.o | filecheck %s

__attribute__((noinline)) static int twice(int v)
{
    return v * 2;
}

int printf(const char *, ...);

int main(int argc, char **argv)
{
    int x, y;
    (void)argv;
    x = y = twice(argc + 4);
    printf("%d\n", x + y);
    return twice(x) & 0x7f;
}
// CHECK:      call-return-rows.c:19:24 is_stmt prologue_end
// CHECK-NEXT: call-return-rows.c:19:13{{$}}
// CHECK-NEXT: call-return-rows.c:19:13{{$}}
// CHECK-NEXT: call-return-rows.c:20:22 is_stmt
// CHECK-NEXT: call-return-rows.c:20:5{{$}}
// CHECK-NEXT: call-return-rows.c:21:12 is_stmt
// CHECK-NEXT: call-return-rows.c:21:21{{$}}
// CHECK-NEXT: call-return-rows.c:21:5 epilogue_begin
