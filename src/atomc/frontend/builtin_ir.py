"""IR for the builtins of `typed_builtins`: checked arithmetic, fpclassify and
the frame/return address. Each operand is evaluated once (SSA values), and no
instruction here can trap (divisions are given a non-zero, non-(-1) divisor).
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from ..ir import I1, I8, I32, I64, PTR, VOID, X80, Const, FloatType, InlineAsm, IntType, Op, Value
from .abi import scalar_ir_type
from .ctype import as_int, unqual
from .longdouble import smallest_normal, x87_copysign, x87_magnitude

if TYPE_CHECKING:
    from . import tree as T
    from .lower.module import IRGen

# `%rbp` is read through inline asm; frame_policy keeps the frame pointer for
# any function whose asm templates name it
FRAME_ADDRESS_ASM = "movq %%rbp, %0"
RETURN_ADDRESS_ASM = "movq 8(%%rbp), %0"


def lower_typed_builtin(g: IRGen, e: T.Call) -> Value | None:
    """The value of builtin call `e`, or None when it is not one of ours."""
    kind = e.builtin
    if kind.startswith("overflow_"):
        return _overflow(g, e, kind)
    if kind == "fpclassify":
        return _fpclassify(g, [g.exprs.value_of(a) for a in e.args])
    if kind in _FLOAT_TESTS:
        x = g.exprs.value_of(e.args[0])
        with g.fs.at(e.pos):
            return _FLOAT_TESTS[kind](g, x)
    if kind.startswith("x86_"):
        return _x86(g, e, kind)
    if kind in ("frame_address", "return_address"):
        with g.fs.at(e.pos):
            tmpl = FRAME_ADDRESS_ASM if kind == "frame_address" else RETURN_ADDRESS_ASM
            return g.fs.b.insert(InlineAsm(tmpl, ["=r"], [], [], PTR, loc=g.fs.b.loc))
    return None


def _x86(g: IRGen, e: T.Call, kind: str) -> Value:
    """`pause`, `rdtsc`/`rdtscp` (edx:eax joined into 64 bits), `tzcnt`/`lzcnt`
    (the operand width for zero, else the count)."""
    vals = [g.exprs.value_of(a) for a in e.args]
    with g.fs.at(e.pos):
        b = g.fs.b
        if kind == "x86_pause":
            b.insert(InlineAsm("pause", [], [], [], VOID, loc=b.loc, side_effects=True))
            return Const(I32, 0)
        if kind == "x86_rdtsc":
            return b.insert(InlineAsm("rdtsc\n\tsalq $32, %%rdx\n\torq %%rdx, %0", ["=a"],
                                      ["rdx", "cc"], [], I64, loc=b.loc, side_effects=True))
        if kind == "x86_rdtscp":  # the TSC_AUX value goes through the pointer operand
            tsc = b.insert(InlineAsm("rdtscp\n\tsalq $32, %%rdx\n\torq %%rdx, %0\n\t"
                                     "movl %%ecx, (%1)", ["=a", "r"], ["rdx", "rcx", "memory",
                                                                       "cc"],
                                     [vals[0]], I64, loc=b.loc, side_effects=True))
            return tsc
        x, bits = vals[0], e.args[1].value  # type: ignore[attr-defined]
        count = g.calls.bit_builtin("ctz" if kind == "x86_tzcnt" else "clz", x)
        if kind == "x86_lzcnt":  # clz counted in 64 bits
            count = b.binary(Op.SUB, count, Const(I32, 64 - bits))
        r = b.select(b.cmp("eq", x, Const(I64, 0)), Const(I32, bits), count)
        rt = scalar_ir_type(e.type)
        if rt == I32:
            return r
        assert isinstance(rt, IntType)
        return b.cast(Op.ZEXT if rt.bits > 32 else Op.TRUNC, r, rt)


def _overflow(g: IRGen, e: T.Call, kind: str) -> Value:
    a, b = g.exprs.value_of(e.args[0]), g.exprs.value_of(e.args[1])
    res = g.exprs.value_of(e.args[2])
    wide_signed = as_int(e.args[0].type).signed  # type: ignore[union-attr]
    rt = as_int(unqual(e.args[2].type).pointee)  # type: ignore[attr-defined]
    assert rt is not None
    op = kind.split("_")[1]
    with g.fs.at(e.pos):
        bld = g.fs.b
        irop = {"add": Op.ADD, "sub": Op.SUB, "mul": Op.MUL}[op]
        w = bld.binary(irop, a, b)  # exact when kind has no _wide; else exact modulo 2**64
        flags: list[Value] = []
        if kind.endswith("_wide"):
            flags.append(_wide_overflow(g, op, a, b, w, wide_signed))
        flags.append(_out_of_range(g, w, wide_signed, rt.size * 8, rt.signed))
        over = flags[0] if len(flags) == 1 else bld.binary(Op.OR, flags[0], flags[1])
        r_ty = scalar_ir_type(rt)
        r = w if r_ty == w.ty else bld.cast(Op.TRUNC, w, r_ty)
        bld.store(r, res)
        return bld.cast(Op.ZEXT, over, I8)


def _wide_overflow(g: IRGen, op: str, a: Value, b: Value, w: Value, signed: bool) -> Value:
    """Did the exact a op b leave the wide type (w is it modulo 2**bits)?"""
    bld = g.fs.b
    ty = w.ty
    zero = Const(ty, 0)
    if op == "add" and signed:  # both operands' signs differ from the result's
        t = bld.binary(Op.AND, bld.binary(Op.XOR, a, w), bld.binary(Op.XOR, b, w))
        return bld.cmp("slt", t, zero)
    if op == "sub" and signed:  # operands' signs differ and the result's differs from a's
        t = bld.binary(Op.AND, bld.binary(Op.XOR, a, b), bld.binary(Op.XOR, a, w))
        return bld.cmp("slt", t, zero)
    if op == "add":
        return bld.cmp("ult", w, a)
    if op == "sub":
        return bld.cmp("ult", a, b)
    # mul: w / b == a exactly when no overflow (b == 0 never overflows; signed b == -1
    # overflows only for a == INT64_MIN, and must not reach the division)
    b_zero = bld.cmp("eq", b, zero)
    bad_div = b_zero
    if signed:
        b_m1 = bld.cmp("eq", b, Const(ty, -1))
        bad_div = bld.binary(Op.OR, b_zero, b_m1)
    d = bld.select(bad_div, Const(ty, 1), b)
    q = bld.binary(Op.SDIV if signed else Op.UDIV, w, d)
    differs = bld.select(bad_div, Const(I1, 0), bld.cmp("ne", q, a))
    if not signed:
        return differs
    a_min = bld.cmp("eq", a, Const(ty, 1 << (ty.bits - 1)))  # type: ignore[union-attr]
    return bld.binary(Op.OR, differs, bld.binary(Op.AND, b_m1, a_min))


def _out_of_range(g: IRGen, w: Value, w_signed: bool, bits: int, r_signed: bool) -> Value:
    """Is the wide value w (signed or not) outside the range of the result type?"""
    bld = g.fs.b
    ty = w.ty
    wbits = ty.bits  # type: ignore[union-attr]
    if w_signed:
        lo = -(1 << (bits - 1)) if r_signed else 0
        hi = (1 << (bits - 1)) - 1 if r_signed else (1 << bits) - 1
        below = bld.cmp("slt", w, Const(ty, lo)) if lo > -(1 << (wbits - 1)) else Const(I1, 0)
        if hi >= (1 << (wbits - 1)) - 1:
            return below
        return bld.binary(Op.OR, below, bld.cmp("sgt", w, Const(ty, hi)))
    hi = (1 << (bits - 1)) - 1 if r_signed else (1 << bits) - 1
    if hi >= (1 << wbits) - 1:
        return Const(I1, 0)
    return bld.cmp("ugt", w, Const(ty, hi))


def _fpclassify(g: IRGen, vals: list[Value]) -> Value:
    """fpclassify(nan, inf, normal, subnormal, zero, x) by comparing |x|."""
    bld = g.fs.b
    nan, inf, normal, subnormal, zero, x = vals
    ft = x.ty
    assert isinstance(ft, FloatType)
    ax = _magnitude(g, x)
    smallest = _smallest_normal(x)
    r = bld.select(bld.cmp("oeq", ax, Const(ft, 0.0), float_cmp=True), zero, subnormal)
    r = bld.select(bld.cmp("oge", ax, Const(ft, smallest), float_cmp=True), normal, r)
    r = bld.select(bld.cmp("oeq", ax, Const(ft, float("inf")), float_cmp=True), inf, r)
    r = bld.select(bld.cmp("uno", x, x, float_cmp=True), nan, r)
    assert r.ty == I32
    return r


def _smallest_normal(x: Value) -> float | X80:
    ft = x.ty
    assert isinstance(ft, FloatType)
    return smallest_normal(x) or (
        struct.unpack("<f", struct.pack("<I", 0x00800000))[0] if ft.bits == 32
        else struct.unpack("<d", struct.pack("<Q", 0x0010000000000000))[0])


def _isnormal(g: IRGen, x: Value) -> Value:
    """Finite and not below the smallest normal magnitude (NaN compares false)."""
    ax = _magnitude(g, x)
    lo = g.fs.b.cmp("oge", ax, Const(x.ty, _smallest_normal(x)), float_cmp=True)
    hi = g.fs.b.cmp("olt", ax, Const(x.ty, float("inf")), float_cmp=True)
    return g.fs.b.cast(Op.ZEXT, g.fs.b.binary(Op.AND, lo, hi), I32)


def _magnitude(g: IRGen, x: Value) -> Value:
    """|x| by clearing the sign bit (exact for every input, NaNs included)."""
    ft = x.ty
    assert isinstance(ft, FloatType)
    if ft.bits == 80:  # no i80: the sign bit is read from memory
        return x87_magnitude(g, x)
    it = IntType(ft.bits)
    bits = g.fs.b.binary(Op.AND, g.fs.b.cast(Op.BITCAST, x, it),
                         Const(it, (1 << (ft.bits - 1)) - 1))
    return g.fs.b.cast(Op.BITCAST, bits, ft)


def copysign(g: IRGen, x: Value, y: Value) -> Value:
    """x with the sign bit of y (copysign): the bits of x without its sign, or'd with
    y's sign bit; exact for every input, NaN payloads included."""
    ft = x.ty
    assert isinstance(ft, FloatType)
    if ft.bits == 80:
        return x87_copysign(g, x, y)
    b = g.fs.b
    it = IntType(ft.bits)
    sign = 1 << (ft.bits - 1)
    mag = b.binary(Op.AND, b.cast(Op.BITCAST, x, it), Const(it, sign - 1))
    bits = b.binary(Op.OR, mag, b.binary(Op.AND, b.cast(Op.BITCAST, y, it), Const(it, sign)))
    return b.cast(Op.BITCAST, bits, ft)


def _flag(g: IRGen, pred: str, a: Value, b: Value) -> Value:
    return g.fs.b.cast(Op.ZEXT, g.fs.b.cmp(pred, a, b, float_cmp=True), I32)


def _isinf_sign(g: IRGen, x: Value) -> Value:
    inf = Const(x.ty, float("inf"))
    neg = g.fs.b.select(g.fs.b.cmp("oeq", x, Const(x.ty, float("-inf")), float_cmp=True),
                     Const(I32, -1), Const(I32, 0))
    return g.fs.b.select(g.fs.b.cmp("oeq", x, inf, float_cmp=True), Const(I32, 1), neg)


# the classification builtins, each reading its operand once
_FLOAT_TESTS = {
    "isnan": lambda g, x: _flag(g, "uno", x, x),
    "isinf": lambda g, x: _flag(g, "oeq", _magnitude(g, x), Const(x.ty, float("inf"))),
    "isfinite": lambda g, x: _flag(g, "olt", _magnitude(g, x), Const(x.ty, float("inf"))),
    "isinf_sign": _isinf_sign,
    "isnormal": _isnormal,
    "fabs": _magnitude,
}
