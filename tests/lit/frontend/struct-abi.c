// x86-64 SysV lowering of struct arguments and returns (integer classes).
// RUN: %atomc -S --emit-ir -g %s -o - | filecheck %s

struct small { char a, b, c; };           // 3 bytes: one i32 piece
struct pair { long x; int y; };           // 16 bytes, data 12: i64 + i32
struct big { long v[3]; };                // 24 bytes: memory

struct small mk_small(struct small s) { s.a++; return s; }
// CHECK: define @mk_small(i32 [[P:%[0-9]+]]) -> (i32)
// CHECK:        [[HOME:%s[.0-9]+]] = alloca 4, align 1
// CHECK:        store i32 [[P]], ptr [[HOME]]{{$}}

struct pair mk_pair(long x, int y) { struct pair p = { x, y }; return p; }
// CHECK-LABEL: define @mk_pair(i64 {{%[0-9]+}}, i32 {{%[0-9]+}}) -> (i64, i32)
// CHECK:        ret i64 {{%[0-9]+}}, i32 {{%[0-9]+}}

struct big mk_big(struct big b) { b.v[0] = 1; return b; }
// CHECK: define @mk_big(ptr [[SRET:%[0-9]+]], ptr byval(24, 8) [[BV:%[0-9]+]]) -> (ptr) sret
// the callee copies the caller's stack copy into its own slot
// CHECK:        memcpy ptr {{%b[.0-9]+}}, ptr [[BV]], 24, align 8
// return by copying into the hidden pointer, which is returned in rax
// CHECK:        memcpy ptr [[SRET]], ptr {{%b[.0-9]+}}, 24, align 8
// CHECK:        ret ptr [[SRET]]

long use(void)
{
    struct pair p = mk_pair(1, 2);
    struct big b = { { 1, 2, 3 } };
    struct big c = mk_big(b);
    return p.x + c.v[2];
}
// CHECK-LABEL: define @use()
// two-register result: a tuple taken apart with extract
// CHECK:        [[R:%[0-9]+]] = call {i64, i32} ptr @mk_pair(i64 1, i32 2)
// CHECK-NEXT:   [[E0:%[0-9]+]] = extract {i64, i32} [[R]], 0
// CHECK-NEXT:   store i64 [[E0]], ptr [[TMP:%[0-9]+]]
// CHECK-NEXT:   [[E1:%[0-9]+]] = extract {i64, i32} [[R]], 1
// sret result slot first, the by-value argument as a byval pointer to a temporary copy
// CHECK:        memcpy ptr [[COPY:%[0-9]+]], ptr {{%b[.0-9]+}}, 24, align 8
// CHECK-NEXT:   call ptr ptr @mk_big(ptr {{%[0-9]+}}, ptr byval(24, 8) [[COPY]])
