// Every local and parameter gets an alloca at the top of the entry block, the
// parameters are stored on entry, and each variable's memory home is one
// `new (deref)` record attached to the first non-alloca instruction.
// RUN: %atomc -S --emit-ir -g %s -o - | filecheck %s

int f(int a, long b)
{
    int x = a;
    {
        long y = b + x;
        x = (int)y;
    }
    return x;
}

// CHECK: define @f(i32 [[A:%[0-9]+]], i64 [[B:%[0-9]+]]) -> (i32) dbg [[SP:![0-9]+]] {
// CHECK-NEXT: bb0:
// CHECK-NEXT:   [[AA:%a[.0-9]+]] = alloca 4, align 4
// CHECK-NEXT:   [[BA:%b[.0-9]+]] = alloca 8, align 8
// CHECK-NEXT:   [[XA:%x[.0-9]+]] = alloca 4, align 4
// CHECK-NEXT:   [[YA:%y[.0-9]+]] = alloca 8, align 8
// CHECK-NEXT:   #dbg new #0, [[VA:![0-9]+]], ptr [[AA]], (deref)  !loc(line: 6, column: 11, scope: [[SP]])
// CHECK-NEXT:   #dbg new #1, [[VB:![0-9]+]], ptr [[BA]], (deref)  !loc(line: 6, column: 19, scope: [[SP]])
// CHECK-NEXT:   #dbg new #2, [[VX:![0-9]+]], ptr [[XA]], (deref)  !loc(line: 8, column: 9, scope: [[SP]])
// CHECK-NEXT:   #dbg new #3, [[VY:![0-9]+]], ptr [[YA]], (deref)  !loc(line: 10, column: 14, scope: [[LB:![0-9]+]])
// CHECK-NEXT:   store i32 [[A]], ptr [[AA]]{{$}}
// CHECK-NEXT:   store i64 [[B]], ptr [[BA]]{{$}}
// CHECK:        store i32 {{%[0-9]+}}, ptr [[XA]]  !loc(line: 8, column: 13, scope: [[SP]], stmt: 1)
// CHECK:        sext i32 {{%[0-9]+}} to i64  !loc(line: 10, column: 22, scope: [[LB]], stmt: 3)
// CHECK:        store i64 {{%[0-9]+}}, ptr [[YA]]  !loc(line: 10, column: 20, scope: [[LB]], stmt: 3)
// CHECK:        trunc i64 {{%[0-9]+}} to i32  !loc(line: 11, column: 13, scope: [[LB]], stmt: 4)
// statements are numbered (stmt: N, the block `{` is statement 2); the single
// return block is folded into the body (whatever the debug options), and without
// Key Instructions the `ret` keeps the closing brace's line, as gcc's epilogue
// does, in no statement
// CHECK:        [[RX:%[0-9]+]] = load i32, ptr [[XA]]  !loc(line: 13, column: 12, scope: [[SP]], stmt: 5)
// CHECK-NEXT:   ret i32 [[RX]]  !loc(line: 14, column: 1, scope: [[SP]])

// CHECK-DAG: [[VA]] = DILocalVariable(name: "a", scope: [[SP]], file: {{![0-9]+}}, line: 6, type: [[INT:![0-9]+]], arg: 1)
// CHECK-DAG: [[VB]] = DILocalVariable(name: "b", scope: [[SP]], file: {{![0-9]+}}, line: 6, type: [[LONG:![0-9]+]], arg: 2)
// CHECK-DAG: [[VX]] = DILocalVariable(name: "x", scope: [[SP]], file: {{![0-9]+}}, line: 8, type: [[INT]], arg: 0)
// CHECK-DAG: [[VY]] = DILocalVariable(name: "y", scope: [[LB]], file: {{![0-9]+}}, line: 10, type: [[LONG]], arg: 0)
// CHECK-DAG: [[LB]] = DILexicalBlock(scope: [[SP]], file: {{![0-9]+}}, line: 9, column: 5)
// CHECK-DAG: [[INT]] = DIBasicType(name: "int", size: 32, encoding: signed)
// CHECK-DAG: [[LONG]] = DIBasicType(name: "long int", size: 64, encoding: signed)
// CHECK-DAG: [[SP]] = DISubprogram(name: "f", linkage: "f", file: {{![0-9]+}}, line: 6, type: {{![0-9]+}}, scope_line: 7, unit: {{![0-9]+}}, local: false, definition: true, key_instructions: false)
