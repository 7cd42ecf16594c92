"""legalize-i128: random i128 programs behave the same (under the interpreter)
before and after the pass, and nothing wider than 64 bits is left; the SysV
placement of i128 arguments; the `wide` instructions mean what i128 does."""

from __future__ import annotations

import random

import pytest
from opt_helpers import parse

from atomc.ir import (
    ARTIFICIAL,
    F32,
    F64,
    I8,
    I32,
    I64,
    I128,
    PTR,
    Builder,
    Const,
    Function,
    Module,
    Op,
    Value,
    print_module,
)
from atomc.ir.interp import run_function
from atomc.ir.interp_eval import eval_binary, eval_cmp
from atomc.ir.verifier import verify_module
from atomc.ir.wide import WideKind, eval_wide
from atomc.opt.legalize_i128 import ArgClass, classify_args, legalize_module, module_uses_i128

M64 = (1 << 64) - 1
M128 = (1 << 128) - 1

_BIN = [Op.ADD, Op.SUB, Op.MUL, Op.AND, Op.OR, Op.XOR, Op.SHL, Op.LSHR, Op.ASHR,
        Op.SDIV, Op.UDIV, Op.SREM, Op.UREM]
_PREDS = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


def _interesting(rng: random.Random) -> int:
    bits = rng.choice([1, 7, 63, 64, 65, 100, 127, 128])
    v = rng.getrandbits(bits)
    return (-v) & M128 if rng.random() < 0.4 else v


def random_program(seed: int) -> Module:
    """`f(a_lo, a_hi, b_lo, b_hi, n) -> i64`: i128 values built from the halves,
    a random chain of i128 operations, compares, selects, extensions, a call of
    an i128 helper and float round trips, hashed down to one i64."""
    rng = random.Random(seed)
    m = Module("rand.ll")
    helper = m.add_function(Function("h", [I128, I64, I128], [I128], internal=True))
    hb = Builder(helper, ARTIFICIAL)
    hb.position_at_end(helper.add_block())
    ha, hk, hc = helper.args
    hb.ret([hb.binary(Op.XOR, hb.binary(Op.MUL, ha, hb.cast(Op.SEXT, hk, I128)), hc)])
    fn = m.add_function(Function("f", [I64, I64, I64, I64, I64], [I64]))
    b = Builder(fn, ARTIFICIAL)
    b.position_at_end(fn.add_block())
    alo, ahi, blo, bhi, n = fn.args

    def join(lo: Value, hi: Value) -> Value:
        top = b.binary(Op.SHL, b.cast(Op.ZEXT, hi, I128), Const(I128, 64))
        return b.binary(Op.OR, top, b.cast(Op.ZEXT, lo, I128))

    vals: list[Value] = [join(alo, ahi), join(blo, bhi), b.cast(Op.SEXT, n, I128),
                         Const(I128, _interesting(rng))]
    for _ in range(14):
        x, y = rng.choice(vals), rng.choice(vals)
        kind = rng.random()
        if kind < 0.55:
            op = rng.choice(_BIN)
            if op in (Op.SHL, Op.LSHR, Op.ASHR):
                y = b.binary(Op.AND, y, Const(I128, 127))
            elif op in (Op.SDIV, Op.UDIV, Op.SREM, Op.UREM):  # never 0, never -1
                y = b.binary(Op.OR, b.binary(Op.AND, y, Const(I128, M128 >> 1)), Const(I128, 2))
            vals.append(b.binary(op, x, y))
        elif kind < 0.7:
            c = b.cmp(rng.choice(_PREDS), x, y)
            vals.append(b.select(c, x, b.binary(Op.XOR, y, Const(I128, 0x5A5A))))
        elif kind < 0.8:
            narrow = rng.choice([I8, I32, I64])
            t = b.cast(Op.TRUNC, x, narrow)
            vals.append(b.cast(rng.choice([Op.SEXT, Op.ZEXT]), t, I128))
        elif kind < 0.9:
            vals.append(b.call(helper, [x, alo, y], I128))
        else:  # a float round trip, kept in range so the conversion is defined
            small = b.binary(Op.ASHR, x, Const(I128, 70))
            fty = rng.choice([F32, F64])
            f = b.cast(rng.choice([Op.SITOFP]), small, fty)
            vals.append(b.cast(Op.FPTOSI, f, I128))
    acc: Value = Const(I64, 0)
    for v in vals[4:]:
        lo = b.cast(Op.TRUNC, v, I64)
        hi = b.cast(Op.TRUNC, b.binary(Op.LSHR, v, Const(I128, 64)), I64)
        acc = b.binary(Op.XOR, b.binary(Op.MUL, acc, Const(I64, 31)), b.binary(Op.ADD, lo, hi))
    b.ret([acc])
    assert not verify_module(m), print_module(m)
    return m


@pytest.mark.parametrize("seed", range(40))
def test_random_programs_keep_their_results(seed: int) -> None:
    rng = random.Random(1000 + seed)
    inputs = [[_interesting(rng) & M64 for _ in range(5)] for _ in range(12)]
    before = random_program(seed)
    want = [run_function(before, "f", a) for a in inputs]
    after = random_program(seed)
    assert legalize_module(after)
    assert not verify_module(after), print_module(after)
    assert not module_uses_i128(after)
    for a, w in zip(inputs, want, strict=True):
        assert w.trap is None, w.trap
        assert run_function(after, "f", a) == w, (a, print_module(after))


def test_module_without_i128_is_left_alone() -> None:
    m = parse("define @f(i64 %a) -> (i64) {\nbb0:\n  ret i64 %a\n}\n")
    text = print_module(m)
    assert not legalize_module(m)
    assert print_module(m) == text


@pytest.mark.parametrize(("types", "want"), [
    # two registers per i128 while two are left
    ([I128, I128, I128], ["pair", "pair", "pair"]),
    # five integer registers used: the i128 goes to memory, the next long takes r9
    ([I64] * 5 + [I128, I64], ["keep"] * 5 + ["memory", "keep"]),
    # floats take no integer register
    ([F64, I128, F32, I128, I32, I128], ["keep", "pair", "keep", "pair", "keep", "memory"]),
    # once in memory, every later i128 is too, even after the registers run out
    ([I128, I128, I128, I128, PTR], ["pair", "pair", "pair", "memory", "keep"]),
])
def test_sysv_placement(types: list, want: list[str]) -> None:
    got = classify_args(types, [None] * len(types))
    assert [c.value for c in got] == want


def test_byval_takes_no_register() -> None:
    got = classify_args([PTR, I128, I128, I128], [(32, 8), None, None, None])
    assert got == [ArgClass.KEEP, ArgClass.PAIR, ArgClass.PAIR, ArgClass.PAIR]


def _halves(v: int) -> list[int]:
    return [v & M64, v >> 64 & M64]


@pytest.mark.parametrize("seed", range(5))
def test_wide_means_what_i128_does(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        a, b = _interesting(rng), _interesting(rng)
        n = rng.randrange(128)
        for kind, op in ((WideKind.ADD, Op.ADD), (WideKind.SUB, Op.SUB)):
            lo, hi = eval_wide(kind, "", [*_halves(a), *_halves(b)])  # type: ignore[misc]
            assert lo | hi << 64 == eval_binary(op, I128, a, b)
        for kind, op in ((WideKind.SHL, Op.SHL), (WideKind.LSHR, Op.LSHR),
                         (WideKind.ASHR, Op.ASHR)):
            lo, hi = eval_wide(kind, "", [*_halves(a), n])  # type: ignore[misc]
            assert lo | hi << 64 == eval_binary(op, I128, a, n)
        lo, hi = eval_wide(WideKind.UMUL, "", [a & M64, b & M64])  # type: ignore[misc]
        assert lo | hi << 64 == (a & M64) * (b & M64)
        for pred in _PREDS:
            got = eval_wide(WideKind.ICMP, pred, [*_halves(a), *_halves(b)])
            assert got == eval_cmp(pred, I128, a, b)


def test_interpreter_passes_i128_varargs_like_sysv() -> None:
    """A variadic callee reads i128 varargs from the register save area while two
    integer registers are left, then from the 16-aligned overflow area; a long
    after an i128 that went to memory still comes from a register."""
    text = """
define @v(i64 %n, ...) -> (i128) {
bb0:
  %ap = alloca 24, align 8
  va_start ptr %ap
  %gpp = ptradd ptr %ap, i64 0
  %gp = load i32, ptr %gpp
  %savep = ptradd ptr %ap, i64 16
  %save = load ptr, ptr %savep
  %areap = ptradd ptr %ap, i64 8
  %area = load ptr, ptr %areap
  %g64 = zext i32 %gp to i64
  %first = ptradd ptr %save, i64 %g64
  %a = load i128, ptr %first
  %r = load i64, ptr %area
  %rw = zext i64 %r to i128
  %s = add i128 %a, i128 %rw
  ret i128 %s
}
define @main() -> (i128) {
bb0:
  %r = call i128 ptr @v(i64 1, i128 -5, i64 9, i64 8, i64 7, i128 1000, i64 6) fixed 1
  ret i128 %r
}
"""
    # n in rdi; -5 in rsi:rdx; 9, 8, 7 in rcx, r8, r9; 1000 and 6 on the stack, the
    # i128 first (16-aligned): the overflow area starts with 1000's low half
    m = parse(text)
    assert run_function(m, "main").value == (-5 + 1000) & M128
