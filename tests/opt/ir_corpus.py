"""IR programs shaped like the front end's -O0 output (stack slots, loads and
stores, constant expressions, loops, switches, structs on the stack, calls),
with inputs to run them on. The optimiser tests run each one through the
interpreter before and after passes and require identical behaviour, and the
debugify test runs every pass over all of them."""

from __future__ import annotations

from dataclasses import dataclass


def cstr(name: str, text: str) -> str:
    """A constant C string global; "NL" stands for a newline (f-strings here cannot
    hold backslashes)."""
    data = text.replace("NL", "\n").encode() + b"\0"
    return (f"global @{name} : size {len(data)}, align 1, internal, constant = "
            f'[bytes "{data.hex()}"]')


@dataclass(frozen=True)
class Program:
    name: str
    text: str
    entry: str
    inputs: tuple[tuple[int, ...], ...]


PRINTF = "declare @printf(ptr, ...) -> (i32)"

ARITH = Program("arith", f"""
{cstr("fmt", "%d %d %u %xNL")}
{PRINTF}
define @f(i32 %a, i32 %b) -> (i32) {{
bb0:
  %x = alloca 4, align 4
  %y = alloca 4, align 4
  store i32 %a, ptr %x
  %k = add i32 3, i32 4
  %m = mul i32 %k, i32 2
  %a1 = load i32, ptr %x
  %t1 = mul i32 %a1, i32 8
  %t2 = add i32 %t1, i32 0
  %t3 = udiv i32 %t2, i32 4
  %t4 = urem i32 %a1, i32 16
  %t5 = sub i32 %t3, i32 %m
  %dead = mul i32 %a1, i32 %b
  %t6 = mul i32 %a1, i32 8
  %t7 = add i32 %t6, i32 %t5
  %t8 = sub i32 %b, i32 %b
  %t9 = or i32 %t7, i32 %t8
  store i32 %t9, ptr %y
  %y1 = load i32, ptr %y
  %z = xor i32 %y1, i32 0
  %s = shl i32 %z, i32 1
  %r = ashr i32 %s, i32 1
  %p = call i32 ptr @printf(ptr @fmt, i32 %r, i32 %t4, i32 %t3, i32 %t7) fixed 1
  ret i32 %r
}}
""", "f", ((0, 0), (5, 7), (-3, 100), (0x7FFFFFFF, 1), (-2147483648, -1)))

LOOP_SUM = Program("loop_sum", f"""
{cstr("fmt", "sum=%ldNL")}
{PRINTF}
define @f(i32 %n, i32 %a, i32 %b) -> (i64) {{
bb0:
  %i = alloca 4, align 4
  %s = alloca 8, align 8
  store i32 0, ptr %i
  store i64 0, ptr %s
  jump bb1
bb1:
  %iv = load i32, ptr %i
  %c = icmp slt i32 %iv, i32 %n
  branch i1 %c, bb2, bb3
bb2:
  %ab = mul i32 %a, i32 %b
  %ab2 = add i32 %ab, i32 1
  %x = add i32 %iv, i32 %ab2
  %xw = sext i32 %x to i64
  %sv = load i64, ptr %s
  %ns = add i64 %sv, i64 %xw
  store i64 %ns, ptr %s
  %iv2 = load i32, ptr %i
  %inc = add i32 %iv2, i32 1
  store i32 %inc, ptr %i
  jump bb1
bb3:
  %res = load i64, ptr %s
  %p = call i32 ptr @printf(ptr @fmt, i64 %res) fixed 1
  ret i64 %res
}}
""", "f", ((0, 1, 2), (5, 3, 4), (10, -1, 7), (3, 0, 0)))

CONST_BRANCH = Program("const_branch", f"""
{cstr("fmt", "%dNL")}
{PRINTF}
define @f(i32 %a, i32 %b) -> (i32) {{
bb0:
  %x = alloca 4, align 4
  %k = icmp sgt i32 3, i32 2
  branch i1 %k, bb1, bb2
bb1:
  store i32 %a, ptr %x
  jump bb3
bb2:
  store i32 %b, ptr %x
  jump bb3
bb3:
  %v = load i32, ptr %x
  %sel = add i32 1, i32 1
  switch i32 %sel, default bb4, [1: bb5, 2: bb6]
bb4:
  jump bb7(i32 100)
bb5:
  jump bb7(i32 200)
bb6:
  %w = add i32 %v, i32 1000
  jump bb8
bb8:
  jump bb9
bb9:
  jump bb7(i32 %w)
bb7(i32 %r):
  %p = call i32 ptr @printf(ptr @fmt, i32 %r) fixed 1
  ret i32 %r
bb10:
  %u = add i32 %a, i32 1
  jump bb7(i32 %u)
}}
""", "f", ((1, 2), (-5, 9)))

STRUCT_LOCAL = Program("struct_local", f"""
{cstr("fmt", "%d %ld %d %dNL")}
{PRINTF}
define @f(i32 %a, i64 %b) -> (i64) {{
bb0:
  %s = alloca 24, align 8
  %t = alloca 24, align 8
  memset ptr %s, i8 0, 24, align 8
  store i32 %a, ptr %s
  %pb = ptradd ptr %s, i64 8
  store i64 %b, ptr %pb
  %pc = ptradd ptr %s, i64 16
  %pc1 = ptradd ptr %pc, i64 1
  %a8 = trunc i32 %a to i8
  store i8 %a8, ptr %pc1
  memcpy ptr %t, ptr %s, 24, align 8
  %ta = load i32, ptr %t
  %tb.p = ptradd ptr %t, i64 8
  %tb = load i64, ptr %tb.p
  %tc.p = ptradd ptr %t, i64 17
  %tc = load i8, ptr %tc.p
  %tc32 = sext i8 %tc to i32
  %td.p = ptradd ptr %t, i64 16
  %td = load i8, ptr %td.p
  %td32 = zext i8 %td to i32
  %p = call i32 ptr @printf(ptr @fmt, i32 %ta, i64 %tb, i32 %tc32, i32 %td32) fixed 1
  %taw = sext i32 %ta to i64
  %r = add i64 %taw, i64 %tb
  ret i64 %r
}}
""", "f", ((1, 2), (-7, 1 << 40), (300, -1)))

SWITCH_LOOP = Program("switch_loop", f"""
{cstr("fmt", "state %d acc %dNL")}
{PRINTF}
define @f(i32 %n) -> (i32) {{
bb0:
  jump bb1(i32 0, i32 0, i32 0)
bb1(i32 %i, i32 %st, i32 %acc):
  %c = icmp slt i32 %i, i32 %n
  branch i1 %c, bb2, bb7
bb2:
  %m = srem i32 %i, i32 3
  switch i32 %m, default bb5, [0: bb3, 1: bb4]
bb3:
  %a0 = add i32 %acc, i32 %i
  jump bb6(i32 1, i32 %a0)
bb4:
  %a1 = mul i32 %acc, i32 2
  jump bb6(i32 2, i32 %a1)
bb5:
  %a2 = sub i32 %acc, i32 1
  jump bb6(i32 0, i32 %a2)
bb6(i32 %ns, i32 %na):
  %p = call i32 ptr @printf(ptr @fmt, i32 %ns, i32 %na) fixed 1
  %i2 = add i32 %i, i32 1
  jump bb1(i32 %i2, i32 %ns, i32 %na)
bb7:
  %r = add i32 %acc, i32 %st
  ret i32 %r
}}
""", "f", ((0,), (1,), (7,)))

CALLS = Program("calls", f"""
{cstr("fmt", "fact(%d)=%ld hex=%x c=%c s=%sNL")}
{cstr("word", "hello")}
{PRINTF}
define internal @fact(i32 %n) -> (i64) {{
bb0:
  %c = icmp sle i32 %n, i32 1
  branch i1 %c, bb1, bb2
bb1:
  ret i64 1
bb2:
  %n1 = sub i32 %n, i32 1
  %r = call i64 ptr @fact(i32 %n1)
  %nw = sext i32 %n to i64
  %m = mul i64 %r, i64 %nw
  ret i64 %m
}}
define @f(i32 %n) -> (i32) {{
bb0:
  %v = call i64 ptr @fact(i32 %n)
  %h = trunc i64 %v to i32
  %p = call i32 ptr @printf(ptr @fmt, i32 %n, i64 %v, i32 %h, i32 65, ptr @word) fixed 1
  ret i32 %h
}}
""", "f", ((0,), (5,), (12,), (20,)))

NARROW = Program("narrow", f"""
{cstr("fmt", "%d %d %d %dNL")}
{PRINTF}
define @f(i32 %a, i32 %b) -> (i32) {{
bb0:
  %c8 = trunc i32 %a to i8
  %c32 = sext i8 %c8 to i32
  %cmp = icmp slt i32 %c32, i32 10
  %z = zext i1 %cmp to i32
  %nz = icmp ne i32 %z, i32 0
  %u8 = trunc i32 %b to i8
  %u32 = zext i8 %u8 to i32
  %ucmp = icmp sgt i32 %u32, i32 200
  %both = and i1 %nz, i1 %ucmp
  %sel = select i1 %both, i32 1, i32 0
  %sel2 = select i1 %ucmp, i32 -1, i32 0
  %s16 = trunc i32 %a to i16
  %s32 = sext i16 %s16 to i32
  %s64 = sext i32 %s32 to i64
  %back = trunc i64 %s64 to i32
  %ez = zext i8 %c8 to i16
  %ez2 = zext i16 %ez to i32
  %eq = icmp eq i32 %ez2, i32 255
  %eqz = zext i1 %eq to i32
  %w1 = sext i8 %c8 to i32
  %w2 = sext i8 %u8 to i32
  %wc = icmp ult i32 %w1, i32 %w2
  %wcz = zext i1 %wc to i32
  %p = call i32 ptr @printf(ptr @fmt, i32 %sel, i32 %sel2, i32 %back, i32 %eqz) fixed 1
  %r = add i32 %sel, i32 %wcz
  ret i32 %r
}}
""", "f", ((5, 250), (255, 201), (-1, 0), (100000, 199), (-200, 300)))

LOADS = Program("loads", f"""
{cstr("fmt", "%d %d %dNL")}
global @arr : size 16, align 4, internal = [bytes "01000000020000000300000004000000"]
{PRINTF}
declare @putchar(i32) -> (i32)
define @f(i32 %i) -> (i32) {{
bb0:
  %iw = sext i32 %i to i64
  %off = mul i64 %iw, i64 4
  %p = ptradd ptr @arr, i64 %off
  %v1 = load i32, ptr %p
  %v2 = load i32, ptr %p
  %sum = add i32 %v1, i32 %v2
  store i32 %sum, ptr %p
  %v3 = load i32, ptr %p
  %off2 = mul i64 %iw, i64 4
  %q = ptradd ptr @arr, i64 %off2
  %v4 = load i32, ptr %q
  %pc = call i32 ptr @putchar(i32 120)
  %v5 = load i32, ptr %q
  %r1 = add i32 %v3, i32 %v4
  %r = add i32 %r1, i32 %v5
  %pr = call i32 ptr @printf(ptr @fmt, i32 %v1, i32 %v3, i32 %r) fixed 1
  ret i32 %r
}}
""", "f", ((0,), (2,), (3,)))

DIVS = Program("divs", f"""
{cstr("fmt", "%d %d %u %u %d %d %uNL")}
{PRINTF}
define @f(i32 %a, i32 %b) -> (i32) {{
bb0:
  %q = sdiv i32 %a, i32 %b
  %r = srem i32 %a, i32 %b
  %uq = udiv i32 %a, i32 %b
  %ur = urem i32 %a, i32 %b
  %c1 = sdiv i32 -7, i32 2
  %c2 = srem i32 -7, i32 2
  %sh = lshr i32 %a, i32 28
  %p = call i32 ptr @printf(ptr @fmt, i32 %q, i32 %r, i32 %uq, i32 %ur, i32 %c1, i32 %c2, i32 %sh) fixed 1
  %s = add i32 %q, i32 %r
  ret i32 %s
}}
""", "f", ((7, 2), (-7, 2), (7, -2), (-2147483647, 3), (100, 7)))

NESTED = Program("nested", f"""
{cstr("fmt", "%dNL")}
{PRINTF}
define @f(i32 %n, i32 %k) -> (i32) {{
bb0:
  %m = alloca 64, align 4
  jump bb1(i32 0)
bb1(i32 %i):
  %ci = icmp slt i32 %i, i32 4
  branch i1 %ci, bb2, bb5
bb2:
  jump bb3(i32 0)
bb3(i32 %j):
  %cj = icmp slt i32 %j, i32 4
  branch i1 %cj, bb4, bb6
bb4:
  %row = mul i32 %i, i32 4
  %kk = mul i32 %k, i32 %n
  %idx = add i32 %row, i32 %j
  %val = add i32 %idx, i32 %kk
  %idxw = sext i32 %idx to i64
  %off = shl i64 %idxw, i64 2
  %pp = ptradd ptr %m, i64 %off
  store i32 %val, ptr %pp
  %j2 = add i32 %j, i32 1
  jump bb3(i32 %j2)
bb6:
  %i2 = add i32 %i, i32 1
  jump bb1(i32 %i2)
bb5:
  %p5 = ptradd ptr %m, i64 20
  %v5 = load i32, ptr %p5
  %p15 = ptradd ptr %m, i64 60
  %v15 = load i32, ptr %p15
  %t = add i32 %v5, i32 %v15
  %pr = call i32 ptr @printf(ptr @fmt, i32 %t) fixed 1
  ret i32 %t
}}
""", "f", ((1, 2), (3, -4), (0, 0)))

DEADPARAMS = Program("deadparams", f"""
{cstr("fmt", "%dNL")}
{PRINTF}
define @f(i32 %n) -> (i32) {{
bb0:
  jump bb1(i32 0, i32 7, i32 0)
bb1(i32 %i, i32 %unused, i32 %same):
  %c = icmp slt i32 %i, i32 %n
  branch i1 %c, bb2, bb3
bb2:
  %u2 = add i32 %unused, i32 3
  %i2 = add i32 %i, i32 1
  jump bb1(i32 %i2, i32 %u2, i32 %same)
bb3:
  %r = add i32 %i, i32 %same
  %pr = call i32 ptr @printf(ptr @fmt, i32 %r) fixed 1
  ret i32 %r
}}
""", "f", ((0,), (4,)))

ATOMICS = Program("atomics", f"""
{cstr("fmt", "%d %d %d %dNL")}
global @counter : size 4, align 4, internal = [bytes "05000000"]
{PRINTF}
define @f(i32 %n) -> (i32) {{
bb0:
  %slot = alloca 4, align 4
  store i32 %n, ptr %slot
  %a1 = atomic_load i32, ptr @counter, seq_cst
  %a2 = atomic_load i32, ptr @counter, seq_cst
  %old = atomicrmw add ptr @counter, i32 %n, seq_cst
  %unused = atomicrmw nand ptr %slot, i32 6, relaxed
  fence seq_cst
  jump bb1(i32 0)
bb1(i32 %i):
  %c = icmp slt i32 %i, i32 3
  branch i1 %c, bb2, bb3
bb2:
  %cur = atomic_load i32, ptr %slot, acquire
  %new = mul i32 %cur, i32 3
  %r = cmpxchg ptr %slot, i32 %cur, i32 %new, seq_cst, acquire
  %ok = extract {{i32, i1}} %r, 1
  %i2 = add i32 %i, i32 1
  branch i1 %ok, bb1(i32 %i2), bb1(i32 %i)
bb3:
  %sv = load i32, ptr %slot
  %x = atomicrmw xchg ptr @counter, i32 %sv, release
  atomic_store i32 %a1, ptr %slot, seq_cst
  %fin = atomic_load i32, ptr %slot, relaxed
  %s1 = add i32 %a2, i32 %old
  %pr = call i32 ptr @printf(ptr @fmt, i32 %s1, i32 %sv, i32 %x, i32 %fin) fixed 1
  %cnt = load i32, ptr @counter
  ret i32 %cnt
}}
""", "f", ((1,), (-4,), (7,)))

# long double (f80) locals and a _Complex long double as two halves copied whole:
# a loop-carried accumulator, constants, conversions, a compare and select, and
# printf with x87 arguments (passed in memory) whose %La shows every bit
X87 = Program("x87", f"""
{cstr("fmt", "%La %La %.17g %ld %dNL")}
{PRINTF}
define @f(i32 %n) -> (i32) {{
bb0:
  %acc = alloca 16, align 16
  %i = alloca 4, align 4
  %z = alloca 32, align 16
  %w = alloca 32, align 16
  store f80 0.1, ptr %acc
  store i32 0, ptr %i
  store f80 1.5, ptr %z
  %zi = ptradd ptr %z, i64 16
  store f80 -0.25, ptr %zi
  memcpy ptr %w, ptr %z, 32, align 16
  jump bb1
bb1:
  %iv = load i32, ptr %i
  %c = icmp slt i32 %iv, i32 %n
  branch i1 %c, bb2, bb3
bb2:
  %a = load f80, ptr %acc
  %iv2 = load i32, ptr %i
  %fi = sitofp i32 %iv2 to f80
  %t = fmul f80 %a, f80 %fi
  %third = fdiv f80 1.0, f80 3.0
  %t2 = fadd f80 %t, f80 %third
  store f80 %t2, ptr %acc
  %inc = add i32 %iv2, i32 1
  store i32 %inc, ptr %i
  jump bb1
bb3:
  %r = load f80, ptr %acc
  %wr = load f80, ptr %w
  %wip = ptradd ptr %w, i64 16
  %wi = load f80, ptr %wip
  %prod = fmul f80 %wr, f80 %wi
  %neg = fneg f80 %prod to f80
  %lt = fcmp olt f80 %r, f80 %neg
  %sel = select i1 %lt, f80 %r, f80 %neg
  %k = fptosi f80 %r to i64
  %d = fptrunc f80 %r to f64
  %p = call i32 ptr @printf(ptr @fmt, f80 %r, f80 %sel, f64 %d, i64 %k, i32 %n) fixed 1
  %res = trunc i64 %k to i32
  ret i32 %res
}}
""", "f", ((0,), (3,), (25,)))

# __int128 as the front end emits it: 16-byte slots, i128 arithmetic of every
# kind, a helper taking i128 arguments (the last one beyond the registers) and
# returning one, a loop carrying an i128 and a switch on one. The entry takes
# and returns i64, so legalize-i128 runs under the same inputs as every pass.
INT128 = Program("int128", f"""
{cstr("fmt", "%lx %lx %ldNL")}
{PRINTF}
define internal @mix(i128 %a, i64 %k1, i64 %k2, i64 %k3, i128 %b) -> (i128) {{
bb0:
  %kw = sext i64 %k3 to i128
  %p = mul i128 %a, i128 %kw
  %q = xor i128 %p, i128 %b
  %sh = lshr i128 %q, i128 17
  %s = add i128 %sh, i128 %b
  ret i128 %s
}}
define @f(i64 %x, i64 %y) -> (i64) {{
bb0:
  %acc = alloca 16, align 16
  %xw = sext i64 %x to i128
  %yw = zext i64 %y to i128
  %hi = shl i128 %yw, i128 64
  %v = or i128 %hi, i128 %xw
  store i128 %v, ptr %acc
  jump bb1(i64 0)
bb1(i64 %i):
  %c = icmp slt i64 %i, i64 5
  branch i1 %c, bb2, bb3
bb2:
  %cur = load i128, ptr %acc
  %iw = zext i64 %i to i128
  %n = shl i128 %iw, i128 %iw
  %m = mul i128 %cur, i128 %n
  %d = sub i128 %m, i128 %cur
  %amt = add i64 %i, i64 60
  %aw = zext i64 %amt to i128
  %r = ashr i128 %d, i128 %aw
  %t = add i128 %d, i128 %r
  store i128 %t, ptr %acc
  %i2 = add i64 %i, i64 1
  jump bb1(i64 %i2)
bb3:
  %fin = load i128, ptr %acc
  %mixed = call i128 ptr @mix(i128 %fin, i64 1, i64 2, i64 %y, i128 %v)
  %big = icmp ugt i128 %mixed, i128 %v
  %dv = select i1 %big, i128 7, i128 -3
  %q = sdiv i128 %mixed, i128 %dv
  %rm = urem i128 %mixed, i128 1000000007
  switch i128 %q, default bb6, [0: bb4, 18446744073709551616: bb5]
bb4:
  jump bb6
bb5:
  jump bb6
bb6:
  %lo = trunc i128 %q to i64
  %top = lshr i128 %q, i128 64
  %hi64 = trunc i128 %top to i64
  %rm64 = trunc i128 %rm to i64
  %pr = call i32 ptr @printf(ptr @fmt, i64 %hi64, i64 %lo, i64 %rm64) fixed 1
  %ret = xor i64 %lo, i64 %hi64
  ret i64 %ret
}}
""", "f", ((0, 0), (1, 0), (-1, 5), (0x7FFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF), (-12345, 678)))

CORPUS: tuple[Program, ...] = (ARITH, LOOP_SUM, CONST_BRANCH, STRUCT_LOCAL, SWITCH_LOOP, CALLS,
                               NARROW, LOADS, DIVS, NESTED, DEADPARAMS, ATOMICS, X87, INT128)
