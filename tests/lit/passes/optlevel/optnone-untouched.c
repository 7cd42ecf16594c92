// An optnone function's IR at -O2 is its -O0 IR: every local in its stack
// slot, nothing folded; the call to it is kept (not inlined, its result not
// propagated), while the same body without the attribute is optimised and inlined.
// RUN: %atomc -O2 -g -S --emit-ir %s -o - | filecheck %s --check-prefixes=KEEP,O2
// RUN: %atomc -O0 -g -S --emit-ir %s -o - | filecheck %s --check-prefixes=KEEP,O0
// An explicit --passes list runs on every function but the optnone one:
// RUN: %atomc -O0 -g --passes=mem2reg,instcombine -S --emit-ir %s -o - \
// RUN:   | filecheck %s --check-prefixes=KEEP,PASSES

__attribute__((optnone)) int keep(int x) { int y = x * 2; return y + 0; }
int fold(int x) { int y = x * 2; return y + 0; }
int main(void) { return keep(3) + fold(4); }

// keep's statements are numbered as at -O0 (stmt: N; the epilogue is in none)
// KEEP:      define @keep(i32 %0) -> (i32) attrs(noinline, optnone) dbg !2 {
// KEEP-NEXT: bb0:
// KEEP-NEXT:   %x.1 = alloca 4, align 4
// KEEP-NEXT:   %y.2 = alloca 4, align 4
// KEEP-NEXT:   #dbg new #0, !5, ptr %x.1, (deref)  !loc(line: 10, column: 39, scope: !2)
// KEEP-NEXT:   #dbg new #1, !6, ptr %y.2, (deref)  !loc(line: 10, column: 48, scope: !2)
// KEEP-NEXT:   store i32 %0, ptr %x.1
// KEEP-NEXT:   %3 = load i32, ptr %x.1  !loc(line: 10, column: 52, scope: !2, stmt: 1)
// KEEP-NEXT:   %4 = mul nsw i32 %3, i32 2  !loc(line: 10, column: 54, scope: !2, stmt: 1)
// KEEP-NEXT:   store i32 %4, ptr %y.2  !loc(line: 10, column: 54, scope: !2, stmt: 1)
// KEEP-NEXT:   %5 = load i32, ptr %y.2  !loc(line: 10, column: 66, scope: !2, stmt: 2)
// KEEP-NEXT:   %6 = add nsw i32 %5, i32 0  !loc(line: 10, column: 68, scope: !2, stmt: 2)
// the single return block is folded (whatever the debug options): the value
// goes straight to the `ret`, which keeps the closing brace's position
// KEEP-NEXT:   ret i32 %6  !loc(line: 10, column: 73, scope: !2)
// KEEP-NEXT: }

// PASSES:      define @fold(i32 %0) -> (i32) dbg !7 {
// PASSES-NEXT: bb0:
// PASSES-NEXT:   %1 = shl i32 %0, i32 1

// O2:      define @fold(i32 %0) -> (i32) dbg !7 {
// O2-NEXT: bb0:
// O2-NEXT:   %1 = shl i32 %0, i32 1
// O2-NOT:  alloca
// O2:        ret i32 %1
// O2:      define @main() -> (i32) dbg !11 {
// O2-NEXT: bb0:
// O2-NEXT:   %0 = call i32 ptr @keep(i32 3)
// O2-NOT:    call
// O2:        %1 = add nsw i32 %0, i32 8
// O2-NEXT:   ret i32 %1
// O0: define @main() -> (i32) dbg !11 {
// O0: call i32 ptr @fold(i32 4)

// -O0's Key Instructions default for it too: no atoms, and the subprogram says so
// KEEP: !2 = DISubprogram(name: "keep"{{.*}}key_instructions: false)
// O2:   !7 = DISubprogram(name: "fold"{{.*}}key_instructions: true)
