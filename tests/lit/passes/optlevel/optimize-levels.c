// gcc's optimize attribute and #pragma GCC optimize give a function its own
// level: its level's pipeline runs on it alone; a callee with its own level is
// not inlined into a caller at another level (gcc's rule: @one, @zero, @small
// stay calls), one at the caller's level is (@two), and so is a plain one.
// RUN: %atomc -O2 -S --emit-ir %s -o - | filecheck %s --check-prefix=O2
// RUN: %atomc -O0 -S --emit-ir %s -o - | filecheck %s --check-prefix=O0

static int helper(int x) { return x * 3; }

__attribute__((optimize("O1"))) int one(int x) { int y = helper(x); return y + 1; }
// O2:      define @one(i32 %0) -> (i32) attrs(optlevel1)
// O2-NOT:  alloca
// O2:        call i32 ptr @helper(i32 %0)
// O0:      define @one(i32 %0) -> (i32) attrs(optlevel1)
// O0-NOT:  alloca
// O0:        call i32 ptr @helper(i32 %0)

__attribute__((optimize(2))) int two(int x) { int y = helper(x); return y + 1; }
// O2:      define @two(i32 %0) -> (i32) attrs(optlevel2)
// O2-NOT:  call
// O2:        ret
// O0:      define @two(i32 %0) -> (i32) attrs(optlevel2)
// O0-NOT:  call
// O0:        ret

#pragma GCC push_options
#pragma GCC optimize ("O0")
int zero(int x) { int y = helper(x); return y + 1; }
// O2:      define @zero(i32 %0) -> (i32) attrs(noinline, optnone)
// O2-NEXT: bb0:
// O2-NEXT:   %x.1 = alloca 4, align 4
// O2:        call i32 ptr @helper
#pragma GCC pop_options

int plain(int x) { int y = helper(x); return y + 1; }
// O2:      define @plain(i32 %0) -> (i32) dbg
// O2-NOT:  call
// O2:        ret
// O0:      define @plain(i32 %0) -> (i32) dbg
// O0-NEXT: bb0:
// O0-NEXT:   %x.1 = alloca 4, align 4

#pragma GCC optimize ("-Os")
int small(int x) { return x; }
// O2: define @small(i32 %0) -> (i32) attrs(optsize)
#pragma GCC reset_options
int reset(int x) { return x; }
// O2: define @reset(i32 %0) -> (i32) dbg

int main(void) { return one(1) + two(2) + zero(3) + plain(4) + small(5) + reset(6); }
// O2:      define @main() -> (i32) dbg
// O2:        call i32 ptr @one(i32 1)
// O2-NOT:    call i32 ptr @two
// O2:        call i32 ptr @zero(i32 3)
// O2-NOT:    call i32 ptr @plain
// O2:        call i32 ptr @small(i32 5)
// O2-NOT:    call i32 ptr @reset
