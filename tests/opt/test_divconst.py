"""div-by-const (opt/divconst.py): division and remainder by a constant become
multiplies and shifts. Each divisor shape is checked on edge and random dividends
against C's truncating division computed here in Python, and against the IR
interpreter's `sdiv`/`udiv` before the pass."""

from __future__ import annotations

import random

import pytest
from opt_helpers import ops, parse, run_passes, runs

MASK32 = (1 << 32) - 1
MASK64 = (1 << 64) - 1

SIGNED_32 = [2, 3, 5, 6, 7, 9, 10, 11, 12, 13, 25, 60, 100, 125, 641, 1000, 3600, 65537,
             (1 << 16) + 1, (1 << 30) - 1, (1 << 30) + 1, 0x7FFFFFFF, 0x40000000, 8,
             -2, -3, -7, -8, -10, -1000, -0x7FFFFFFF, -0x40000000]
UNSIGNED_32 = [3, 5, 6, 7, 9, 10, 11, 12, 13, 25, 100, 641, 1000, 65537, 0x7FFFFFFF,
               0x80000001, 0xAAAAAAAB, 0xFFFFFFFE, 0xFFFFFFFF, (1 << 31) + 3,
               14, 28, 7 << 20, 1000000000, 0xFFFFFFFC, 6 << 28]
SIGNED_64 = [2, 16, 1 << 20, 1 << 40, 1 << 62, -4, -(1 << 33), 3, 7, 10, 100, 641, 1000003,
             (1 << 32) + 1, (1 << 62) + 1, (1 << 63) - 1, 0x5555555555555555, -3, -10,
             -((1 << 63) - 1)]
UNSIGNED_64 = [3, 7, 10, 100, 641, 1000003, (1 << 32) + 1, (1 << 63) - 1, (1 << 63) + 1,
               0xAAAAAAAAAAAAAAAB, (1 << 64) - 1, (1 << 64) - 2, 0x100000001,
               6, 14, 1000, 1000000000, 10**18, 7 << 40, 7 << 60, (1 << 64) - 4]


def _c_div(x: int, d: int) -> int:
    q = abs(x) // abs(d)
    return q if (x < 0) == (d < 0) else -q


def _dividends(bits: int, signed: bool, d: int) -> list[int]:
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    rng = random.Random(d * 7919 + bits)
    mag = abs(d)
    near = [k * mag + j for k in (-3, -2, -1, 0, 1, 2, 3) for j in (-1, 0, 1)]
    picks = [lo, lo + 1, hi, hi - 1, 0, 1, -1, hi // mag * mag, lo // mag * mag, *near]
    picks += [rng.randint(lo, hi) for _ in range(40)]
    return sorted({x for x in picks if lo <= x <= hi and not (signed and x == lo and d == -1)})


def _function(op: str, bits: int, d: int) -> str:
    return (f"define @f(i{bits} %x) -> (i{bits}) {{\nbb0:\n"
            f"  %q = {op} i{bits} %x, i{bits} {d & ((1 << bits) - 1)}\n"
            f"  ret i{bits} %q\n}}\n")


def _check(op: str, bits: int, d: int) -> None:
    signed = op in ("sdiv", "srem")
    mask = (1 << bits) - 1
    text = _function(op, bits, d)
    xs = _dividends(bits, signed, d)
    before = runs(parse(text), "f", [[x & mask] for x in xs])
    after_m = run_passes(parse(text), ["div-by-const"])
    assert op not in ops(after_m.functions["f"]), "the division is still there"
    after = runs(after_m, "f", [[x & mask] for x in xs])
    for x, b, a in zip(xs, before, after, strict=True):
        q = _c_div(x, d) if signed else x // d
        want = (q if op.endswith("div") else x - q * d) & mask
        assert b.value & mask == want, f"interpreter {op} {x}, {d}"
        assert a.value & mask == want, f"{op} i{bits} {x} by {d}: {a.value & mask} != {want}"


@pytest.mark.parametrize("d", SIGNED_32)
@pytest.mark.parametrize("op", ["sdiv", "srem"])
def test_signed_32(op: str, d: int) -> None:
    _check(op, 32, d)


@pytest.mark.parametrize("d", UNSIGNED_32)
@pytest.mark.parametrize("op", ["udiv", "urem"])
def test_unsigned_32(op: str, d: int) -> None:
    _check(op, 32, d)


@pytest.mark.parametrize("d", SIGNED_64)
@pytest.mark.parametrize("op", ["sdiv", "srem"])
def test_signed_64(op: str, d: int) -> None:
    _check(op, 64, d)


@pytest.mark.parametrize("d", UNSIGNED_64)
@pytest.mark.parametrize("op", ["udiv", "urem"])
def test_unsigned_64(op: str, d: int) -> None:
    _check(op, 64, d)


@pytest.mark.parametrize("text", [
    _function("udiv", 32, 16),          # unsigned powers of two are instcombine's
    _function("sdiv", 32, -1),          # ±1 and INT_MIN are not multiplies
    _function("sdiv", 32, 0x80000000),
    _function("sdiv", 64, 1 << 63),
    _function("sdiv", 16, 7),           # C never divides in i16 (promotion)
])
def test_left_alone(text: str) -> None:
    m = run_passes(parse(text), ["div-by-const"])
    assert any(o in ("sdiv", "udiv") for o in ops(m.functions["f"]))



def _consts_of(inst) -> list[int]:  # type: ignore[no-untyped-def]
    return [u.value.int_value for u in inst.operands if hasattr(u.value, "int_value")]


@pytest.mark.parametrize("op,bits,d,magic,shift", [
    ("udiv", 64, 10, 0xCCCCCCCCCCCCCCCD, 3),   # gcc's: one mul and a shift, no 65-bit fix-up
    ("sdiv", 32, 11, 0x2E8BA2E9, 33),          # fits an imul's 32-bit immediate
    ("sdiv", 64, 3, 0x5555555555555556, None),  # the high half is the quotient: no shift
])
def test_smallest_multiplier(op: str, bits: int, d: int, magic: int, shift: int | None) -> None:
    """The smallest exact shift is chosen, as gcc does (module docstring)."""
    fn = run_passes(parse(_function(op, bits, d)), ["div-by-const"]).functions["f"]
    assert magic in [c for i in fn.insts() for c in _consts_of(i)]
    # the quotient's shifts, not the sign's (by 31 or 63)
    shifts = [c for i in fn.insts() if i.op.value in ("lshr", "ashr")
              for c in _consts_of(i) if c not in (31, 63)]
    assert shifts == ([] if shift is None else [shift])
    assert "add" not in ops(fn)
    _check(op, bits, d)


def test_quotient_shared_with_remainder() -> None:
    """`x / 10` and `x % 10` in one block multiply once (gcc's digit loop)."""
    text = ("define @f(i64 %x) -> (i64) {\nbb0:\n"
            "  %q = udiv i64 %x, i64 10\n  %r = urem i64 %x, i64 10\n"
            "  %s = add i64 %q, i64 %r\n  ret i64 %s\n}\n")
    xs = [[x] for x in (0, 1, 9, 10, 11, 99, 12345678901234567, (1 << 64) - 1, 1 << 63)]
    before = runs(parse(text), "f", xs)
    m = run_passes(parse(text), ["div-by-const"])
    assert ops(m.functions["f"]).count("wide") == 1
    after = runs(m, "f", xs)
    assert [r.value for r in after] == [r.value for r in before]


@pytest.mark.parametrize("bits,d,pre,magic,post", [
    (64, 1000000000, 9, 0x44B82FA09B5A53, 11),  # gcc's: no subtract-shift-add fix-up
    (64, 14, 1, 0x4924924924924925, 1),
    (32, 14, 1, 0x92492493, 34),
    (32, 1000000000, 9, 281475, 39),        # gcc's u32 / 1e9
])
def test_even_divisor_preshift(bits: int, d: int, pre: int, magic: int, post: int) -> None:
    """An even divisor whose multiplier would need bits + 1 bits divides x >> s by
    d >> s instead: shift, multiply, shift, and no add (module docstring)."""
    fn = run_passes(parse(_function("udiv", bits, d)), ["div-by-const"]).functions["f"]
    assert magic in [c for i in fn.insts() for c in _consts_of(i)]
    shifts = [c for i in fn.insts() if i.op.value == "lshr" for c in _consts_of(i)]
    assert shifts == [pre, post]
    assert "add" not in ops(fn) and "sub" not in ops(fn)
    _check("udiv", bits, d)
