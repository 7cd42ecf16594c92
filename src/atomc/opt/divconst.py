"""Division and remainder by a constant without a divide instruction (issue 13 §3).

`idiv` takes 20-40 cycles; gcc and clang never emit it for a constant divisor. This
pass rewrites, for the integer types the machine multiplies natively:

* `sdiv`/`srem` of i32 or i64 by ±2^k: an arithmetic shift of `x` plus a bias of
  2^k - 1 when `x` is negative (so the quotient rounds toward zero, as C's does);
* `sdiv`/`udiv`/`srem`/`urem` of i32 or i64 by any other constant: the quotient is
  the high part of `x * m` for a magic multiplier m = ceil(2^p / d), corrected by one
  for a negative `x`. For i32 the product is computed in i64 (a 32-bit value times a
  multiplier below 2^32 fits); an unsigned multiplier of 33 bits is split as
  2^32 + m' and its product reassembled, `(x + (x * m' >> 32)) >> (p - 32)`, without
  overflowing. For i64 the high half comes from `wide umul` (x86's one-operand `mul`),
  made signed by subtracting m when x is negative; a 65-bit unsigned multiplier uses
  `((x - t) >> 1 + t) >> (p - 65)` with t the high half of x * (m - 2^64).
  An even divisor d' * 2^s whose multiplier is that wide (u64 / 1000000000,
  u32 / 14) divides `x >> s` by d' instead, whose multiplier fits, as gcc does.
  A remainder is `x - q * d`; `x % d` and `x / d` in one block share one quotient.

Correctness (why p is enough): with m = ceil(2^p / d) = (2^p + e) / d, 0 < e < d,
x * m / 2^p = x / d + e * x / (d * 2^p). The floor is x / d's floor (and, for
negative x, one below its truncation, which the correction adds back) when the
error term stays below 1/d, the smallest distance from x / d to the next integer,
for every x: e * x < 2^p, i.e. e * 2^n <= 2^p for an unsigned n-bit x (x < 2^n)
and e * 2^(n-1) <= 2^p for a signed one (|x| <= 2^(n-1); at equality the
product of the most negative x is an exact integer, one below the quotient). p = n + ceil(log2 d)
(unsigned) or n - 1 + ceil(log2 d) (signed) always passes since e < d; the
smallest p that passes gives the smallest multiplier and shift, as gcc's: / 10 of
an i64 is one `mul` by 0xCCCCCCCCCCCCCCCD and a shift by 3 rather than the 65-bit
multiplier's add-and-shift fix-up, and % 11 of an i32 multiplies by a 32-bit
immediate. tests/opt/test_divconst.py checks every divisor shape against C's
division.

Debug info: every new instruction takes the location of the division it replaces
(keep rule, atom included); the records in front of the division move in front of
the first new instruction and the division's debug uses follow its value (VALUES,
SCOPES and LOCS kept).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import I64, Binary, Cast, Const, Extract, Function, Inst, IntType, Op, Value
from ..ir.locations import keep
from ..ir.rewrite import erase, insert_before, move_records_to, replace_value
from ..ir.type_rules import is_pow2
from ..ir.wide import Wide, WideKind
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

_DIVISIONS = (Op.SDIV, Op.UDIV, Op.SREM, Op.UREM)


class DivideByConstant(FunctionPass):
    """Replace division and remainder by a constant with multiplies and shifts."""

    name: ClassVar[str] = "div-by-const"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        todo = [(inst, d) for inst in fn.insts() if (d := _rewritable_divisor(inst)) is not None]
        quotients: dict[tuple[object, ...], Value] = {}
        for inst, d in todo:
            _rewrite(inst, d, quotients)
        if todo:
            ctx.count("div-by-const.rewritten", len(todo))
        return bool(todo)


register(DivideByConstant)


def _divisor(inst: Inst) -> int | None:
    """The divisor as a signed (sdiv/srem) or unsigned value, when it is a constant."""
    d = inst.operand(1)
    if not isinstance(d, Const) or not isinstance(d.ty, IntType):
        return None
    return d.signed() if inst.op in (Op.SDIV, Op.SREM) else d.int_value


def _rewritable_divisor(inst: Inst) -> int | None:
    """The divisor of a division this pass rewrites (see `_divisor`), else None."""
    if not isinstance(inst, Binary) or inst.op not in _DIVISIONS:
        return None
    ty = inst.ty
    d = _divisor(inst)
    if d is None or not isinstance(ty, IntType) or ty.bits not in (32, 64):
        return None
    signed = inst.op in (Op.SDIV, Op.SREM)
    mag = abs(d)
    if mag <= 1 or (signed and mag >= 1 << (ty.bits - 1)):
        return None  # 0 traps, ±1 is instcombine's, INT_MIN is a compare
    if not signed and is_pow2(mag):
        return None  # unsigned powers of two are instcombine's
    return d


class _Emitter:
    """Builds the replacement in front of the division, with its location."""

    __slots__ = ("anchor", "first")

    def __init__(self, anchor: Inst) -> None:
        self.anchor = anchor
        self.first: Inst | None = None

    def add(self, inst: Inst) -> Inst:
        insert_before(inst, self.anchor)
        if self.first is None:
            self.first = inst
        return inst

    def bin(self, op: Op, a: Value, b: Value | int) -> Inst:
        rhs = b if isinstance(b, Value) else Const(a.ty, b)
        return self.add(Binary(op, a, rhs, loc=keep(self.anchor)))

    def shift(self, op: Op, a: Value, k: int) -> Value:
        """`a` shifted right by `k` (itself for 0)."""
        return self.bin(op, a, k) if k else a

    def cast(self, op: Op, v: Value, ty: IntType) -> Inst:
        return self.add(Cast(op, v, ty, loc=keep(self.anchor)))

    def umul_high(self, a: Value, m: int) -> Inst:
        """The high 64 bits of the unsigned 128-bit product of `a` and `m`."""
        pair = self.add(Wide(WideKind.UMUL, [a, Const(I64, m)], loc=keep(self.anchor)))
        return self.add(Extract(pair, 1, loc=keep(self.anchor)))


def _rewrite(div: Inst, d: int, quotients: dict[tuple[object, ...], Value]) -> None:
    """Replace `div`. `quotients`: the quotients computed so far, by block, dividend,
    divisor and signedness: `x % d` after `x / d` in one block (or the other way
    round) reuses the first one's quotient, as gcc computes it once."""
    x = div.operand(0)
    ty = div.ty
    assert isinstance(ty, IntType)
    signed = div.op in (Op.SDIV, Op.SREM)
    e = _Emitter(div)
    mag = abs(d)
    key = (id(div.block), id(x), d, signed)
    known = quotients.get(key)
    if known is not None:
        q: Value = known
    elif is_pow2(mag):
        q = _signed_pow2_quotient(e, x, ty, mag.bit_length() - 1)
    elif ty.bits == 64:
        q = (_signed_magic_quotient_64 if signed else _unsigned_magic_quotient_64)(e, x, mag)
    elif signed:
        q = _signed_magic_quotient(e, x, ty, mag)
    else:
        q = _unsigned_magic_quotient(e, x, ty, mag)
    if signed and d < 0 and known is None:
        q = e.bin(Op.SUB, Const(ty, 0), q)
    quotients[key] = q
    result: Value = q
    if div.op in (Op.SREM, Op.UREM):
        result = e.bin(Op.SUB, x, e.bin(Op.MUL, q, Const(ty, d & ty.mask)))
    # (a reused quotient adds nothing: `erase` moves the records to the next instruction)
    if div.dbg_records and e.first is not None:
        move_records_to(list(div.dbg_records), e.first)
    replace_value(div, result)
    erase(div)


def _signed_pow2_quotient(e: _Emitter, x: Value, ty: IntType, k: int) -> Value:
    """x / 2^k rounded toward zero: (x + (x < 0 ? 2^k - 1 : 0)) >> k."""
    sign = e.bin(Op.ASHR, x, ty.bits - 1)
    bias = e.bin(Op.LSHR, sign, ty.bits - k)
    return e.bin(Op.ASHR, e.bin(Op.ADD, x, bias), k)


def _ceil_log2(d: int) -> int:
    return (d - 1).bit_length()


def _magic(d: int, bits: int, signed: bool, least_p: int) -> tuple[int, int]:
    """(p, m = ceil(2^p / d)) with the smallest p >= least_p for which the
    rounding error never reaches the next integer (module docstring)."""
    top = max(bits - signed + _ceil_log2(d), least_p)  # always enough
    for p in range(least_p, top):
        m = -(-(1 << p) // d)
        e = m * d - (1 << p)
        if e << (bits - signed) <= 1 << p:
            return p, m
    return top, -(-(1 << top) // d)


def _signed_magic_quotient(e: _Emitter, x: Value, ty: IntType, d: int) -> Value:
    """trunc(x / d) for i32 x and 2 < d < 2^31 not a power of two."""
    p, m = _magic(d, 32, True, 32)
    assert m < 1 << 32
    wide = e.cast(Op.SEXT, x, I64)
    high = e.bin(Op.ASHR, e.bin(Op.MUL, wide, m), p)
    negative = e.bin(Op.ASHR, wide, 63)  # -1 for negative x: one more toward zero
    return e.cast(Op.TRUNC, e.bin(Op.SUB, high, negative), ty)


def _unsigned_magic_quotient(e: _Emitter, x: Value, ty: IntType, d: int) -> Value:
    """x / d for i32 x and 2 < d < 2^32 not a power of two."""
    p, m = _magic(d, 32, False, 32)
    assert m < 1 << 33
    if m >= 1 << 32 and (pre := _preshift(d, 32)) is not None:
        s, p, m = pre
        x = e.bin(Op.LSHR, x, s)
    wide = e.cast(Op.ZEXT, x, I64)
    if m < 1 << 32:
        return e.cast(Op.TRUNC, e.bin(Op.LSHR, e.bin(Op.MUL, wide, m), p), ty)
    # x * m = x * 2^32 + x * (m - 2^32): both parts fit in 64 bits
    high = e.bin(Op.LSHR, e.bin(Op.MUL, wide, m - (1 << 32)), 32)
    return e.cast(Op.TRUNC, e.bin(Op.LSHR, e.bin(Op.ADD, wide, high), p - 32), ty)


def _signed_magic_quotient_64(e: _Emitter, x: Value, d: int) -> Value:
    """trunc(x / d) for i64 x and 2 < d < 2^63 not a power of two."""
    p, m = _magic(d, 64, True, 64)
    assert m < 1 << 64
    sign = e.bin(Op.ASHR, x, 63)  # -1 for negative x
    # the signed product's high half: x read as unsigned is x + 2^64 when negative
    high = e.bin(Op.SUB, e.umul_high(x, m), e.bin(Op.AND, sign, m))
    return e.bin(Op.SUB, e.shift(Op.ASHR, high, p - 64), sign)


def _unsigned_magic_quotient_64(e: _Emitter, x: Value, d: int) -> Value:
    """x / d for i64 x and 2 < d < 2^64 not a power of two."""
    p, m = _magic(d, 64, False, 64)
    assert m < 1 << 65
    if m >= 1 << 64 and (pre := _preshift(d, 64)) is not None:
        s, p, m = pre
        x = e.bin(Op.LSHR, x, s)
    if m < 1 << 64:
        return e.shift(Op.LSHR, e.umul_high(x, m), p - 64)
    # x * m = x * 2^64 + x * (m - 2^64); t <= x, so x - t and the sum do not overflow
    t = e.umul_high(x, m - (1 << 64))
    half = e.bin(Op.ADD, e.bin(Op.LSHR, e.bin(Op.SUB, x, t), 1), t)
    return e.shift(Op.LSHR, half, p - 65)


def _preshift(d: int, bits: int) -> tuple[int, int, int] | None:
    """(s, p, m) for an even unsigned divisor d = d' * 2^s whose multiplier needs one
    bit more than the `bits`-bit type: x / d = (x >> s) / d', and x >> s has s bits
    fewer, so the error bound of `_magic` holds for a multiplier m of d' that fits
    (gcc's and LLVM's pre-shift): one shift instead of the subtract, shift and add
    fix-up on the division's critical path (u64 / 1000000000 in decimal bignums).
    None for an odd d, or when d' 's multiplier is still too wide."""
    s = (d & -d).bit_length() - 1
    if s == 0:
        return None
    p, m = _magic(d >> s, bits - s, False, bits)
    return None if m >= 1 << bits else (s, p, m)
