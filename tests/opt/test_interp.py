"""The IR interpreter: C integer semantics, memory, calls, control flow and the
printf subset, each checked against values worked out by hand (or by C)."""

from __future__ import annotations

import pytest
from opt_helpers import parse

from atomc.ir import I8, I16, I32, I64, Op
from atomc.ir.interp import run_function
from atomc.ir.interp_eval import Trap, eval_binary, eval_cast, eval_cmp
from atomc.ir.interp_libc import format_printf
from atomc.ir.interp_memory import Memory


@pytest.mark.parametrize(("op", "ty", "a", "b", "want"), [
    (Op.ADD, I32, 0x7FFFFFFF, 1, 0x80000000),
    (Op.SUB, I8, 0, 1, 0xFF),
    (Op.MUL, I16, 300, 300, (90000) & 0xFFFF),
    (Op.SDIV, I32, (-7) & 0xFFFFFFFF, 2, (-3) & 0xFFFFFFFF),
    (Op.SREM, I32, (-7) & 0xFFFFFFFF, 2, (-1) & 0xFFFFFFFF),
    (Op.SREM, I32, 7, (-2) & 0xFFFFFFFF, 1),
    (Op.UDIV, I32, (-7) & 0xFFFFFFFF, 2, 0x7FFFFFFC),
    (Op.ASHR, I8, 0x80, 3, 0xF0),
    (Op.LSHR, I8, 0x80, 3, 0x10),
    (Op.SHL, I64, 1, 63, 1 << 63),
    (Op.XOR, I32, 0xF0F0, 0xFF00, 0x0FF0),
])
def test_integer_ops_wrap_like_c(op: Op, ty: object, a: int, b: int, want: int) -> None:
    assert eval_binary(op, ty, a, b) == want  # type: ignore[arg-type]


def test_division_traps() -> None:
    with pytest.raises(Trap):
        eval_binary(Op.SDIV, I32, 1, 0)
    with pytest.raises(Trap):
        eval_binary(Op.SDIV, I32, 0x80000000, 0xFFFFFFFF)


def test_compares_and_casts() -> None:
    assert eval_cmp("slt", I32, 0xFFFFFFFF, 0) == 1
    assert eval_cmp("ult", I32, 0xFFFFFFFF, 0) == 0
    assert eval_cast(Op.SEXT, I8, I32, 0x80) == 0xFFFFFF80
    assert eval_cast(Op.ZEXT, I8, I32, 0x80) == 0x80
    assert eval_cast(Op.TRUNC, I64, I16, 0x123456789) == 0x6789


def test_printf_matches_glibc() -> None:
    mem = Memory()
    s = mem.allocate(3)
    mem.write(s, b"ok\0")
    out = format_printf(b"[%5d|%-4u|%08x|%lld|%c|%s|%.1s|%%|%hhd|%#o]",
                        [(-42) & 0xFFFFFFFF, 7, 0xBEEF, 1 << 63, 0x41, s, s, 0x1FF, 8], mem)
    assert out == b"[  -42|7   |0000beef|-9223372036854775808|A|ok|o|%|-1|010]"


PROGRAM = """
global @fmt : size 7, align 1, internal, constant = [bytes "25642025730a00"]
global @msg : size 3, align 1, internal, constant = [bytes "686900"]
global @table : size 16, align 8, internal = [sym8 @msg+1, sym8 @sq+0]
declare @printf(ptr, ...) -> (i32)
declare @puts(ptr) -> (i32)
define internal @sq(i32 %x) -> (i32) {
bb0:
  %r = mul i32 %x, i32 %x
  ret i32 %r
}
define internal @pair(i64 %a) -> (i64, i64) {
bb0:
  %b = add i64 %a, i64 1
  ret i64 %a, i64 %b
}
define @main(i32 %n) -> (i32) {
bb0:
  %buf = alloca 8, align 8
  memset ptr %buf, i8 255, 8, align 8
  store i16 4660, ptr %buf
  %lo = load i8, ptr %buf
  %w = load i32, ptr %buf
  %fp.p = ptradd ptr @table, i64 8
  %fp = load ptr, ptr %fp.p
  %sq = call i32 ptr %fp(i32 %n)
  %s.p = load ptr, ptr @table
  %pr = call i32 ptr @printf(ptr @fmt, i32 %sq, ptr %s.p) fixed 1
  %pu = call i32 ptr @puts(ptr @msg)
  %t = call {i64, i64} ptr @pair(i64 5)
  %t1 = extract {i64, i64} %t, 1
  %t1w = trunc i64 %t1 to i32
  %lo32 = zext i8 %lo to i32
  %sum = add i32 %lo32, i32 %t1w
  %big = icmp eq i32 %w, i32 -60876
  %sel = select i1 %big, i32 %sum, i32 -1
  switch i32 %n, default bb2, [3: bb1]
bb1:
  ret i32 %sel
bb2:
  ret i32 0
}
"""


def test_memory_calls_globals_tuples_and_switch() -> None:
    m = parse(PROGRAM)
    r = run_function(m, "main", [3])
    assert r.stdout == b"9 i\nhi\n"
    # 0x34 from the little-endian i16 store, plus 6 from the tuple
    assert r.value == 0x34 + 6
    assert run_function(m, "main", [4]).value == 0


def test_block_params_loop_and_step_limit() -> None:
    m = parse("""
define @f(i32 %n) -> (i32) {
bb0:
  jump bb1(i32 0, i32 1)
bb1(i32 %i, i32 %acc):
  %c = icmp slt i32 %i, i32 %n
  branch i1 %c, bb2, bb3
bb2:
  %a2 = mul i32 %acc, i32 3
  %i2 = add i32 %i, i32 1
  jump bb1(i32 %i2, i32 %a2)
bb3:
  ret i32 %acc
}
""")
    assert run_function(m, "f", [4]).value == 81
    assert run_function(m, "f", [21]).value == (3 ** 21) & 0xFFFFFFFF
    r = run_function(m, "f", [10 ** 6], step_limit=1000)
    assert r.trap is not None and "StepLimitExceeded" in r.trap


def test_faults_and_abort_are_reported_not_raised() -> None:
    m = parse("""
declare @abort() -> ()
define @f(ptr %p, i32 %k) -> (i32) {
bb0:
  %c = icmp eq i32 %k, i32 0
  branch i1 %c, bb1, bb2
bb1:
  %v = load i32, ptr %p
  ret i32 %v
bb2:
  call void ptr @abort()
  unreachable
}
""")
    assert "MemoryFault" in (run_function(m, "f", [0x10, 0]).trap or "")
    assert "Trap" in (run_function(m, "f", [0, 1]).trap or "")


def test_byval_copies_and_varargs() -> None:
    """The callee's byval copy is its own; va_start exposes the SysV register save area."""
    m = parse("""
define internal @clobber(ptr byval(8, 8) %s) -> (i32) {
bb0:
  store i32 99, ptr %s
  %v = load i32, ptr %s
  ret i32 %v
}
define internal @second_vararg(i32 %n, ...) -> (i64) {
bb0:
  %va = alloca 24, align 8
  va_start ptr %va
  %gp = load i32, ptr %va
  %save.p = ptradd ptr %va, i64 16
  %save = load ptr, ptr %save.p
  %gpw = zext i32 %gp to i64
  %at = ptradd ptr %save, i64 %gpw
  %next = ptradd ptr %at, i64 8
  %v = load i64, ptr %next
  ret i64 %v
}
define @f() -> (i64) {
bb0:
  %s = alloca 8, align 8
  store i32 5, ptr %s
  %r = call i32 ptr @clobber(ptr byval(8, 8) %s)
  %after = load i32, ptr %s
  %rw = zext i32 %r to i64
  %aw = zext i32 %after to i64
  %v = call i64 ptr @second_vararg(i32 2, i64 10, i64 20) fixed 1
  %x = mul i64 %rw, i64 1000
  %y = mul i64 %aw, i64 100
  %z = add i64 %x, i64 %y
  %t = add i64 %z, i64 %v
  ret i64 %t
}
""")
    assert run_function(m, "f").value == 99 * 1000 + 5 * 100 + 20


def test_exit_status() -> None:
    m = parse("""
declare @exit(i32) -> ()
define @f() -> (i32) {
bb0:
  call void ptr @exit(i32 3)
  unreachable
}
""")
    assert run_function(m, "f").exit_status == 3
