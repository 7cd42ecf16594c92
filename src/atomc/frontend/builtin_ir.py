"""IR for the builtins of `typed_builtins`: checked arithmetic, fpclassify and
the frame/return address. Each operand is evaluated once (SSA values), and no
instruction here can trap (divisions are given a non-zero, non-(-1) divisor).
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from ..ir import I1, I8, I32, I64, PTR, VOID, Const, FloatType, InlineAsm, IntType, Op, Value
from .abi import scalar_ir_type
from .ctype import as_int, unqual

if TYPE_CHECKING:
    from . import tree as T
    from .irgen import IRGen

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
        return _fpclassify(g, [g.value_of(a) for a in e.args])
    if kind in _FLOAT_TESTS:
        x = g.value_of(e.args[0])
        with g.at(e.pos):
            return _FLOAT_TESTS[kind](g, x)
    if kind.startswith("x86_"):
        return _x86(g, e, kind)
    if kind in ("frame_address", "return_address"):
        with g.at(e.pos):
            tmpl = FRAME_ADDRESS_ASM if kind == "frame_address" else RETURN_ADDRESS_ASM
            return g.b.insert(InlineAsm(tmpl, ["=r"], [], [], PTR, loc=g.b.loc))
    return None


def _x86(g: IRGen, e: T.Call, kind: str) -> Value:
    """`pause`, `rdtsc`/`rdtscp` (edx:eax joined into 64 bits), `tzcnt`/`lzcnt`
    (the operand width for zero, else the count)."""
    vals = [g.value_of(a) for a in e.args]
    with g.at(e.pos):
        b = g.b
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
        count = g.bit_builtin("ctz" if kind == "x86_tzcnt" else "clz", x)
        if kind == "x86_lzcnt":  # clz counted in 64 bits
            count = b.binary(Op.SUB, count, Const(I32, 64 - bits))
        r = b.select(b.cmp("eq", x, Const(I64, 0)), Const(I32, bits), count)
        rt = scalar_ir_type(e.type)
        return r if rt == I32 else b.cast(Op.ZEXT if rt.bits > 32 else Op.TRUNC, r, rt)


def _overflow(g: IRGen, e: T.Call, kind: str) -> Value:
    a, b = g.value_of(e.args[0]), g.value_of(e.args[1])
    res = g.value_of(e.args[2])
    wide_signed = as_int(e.args[0].type).signed  # type: ignore[union-attr]
    rt = as_int(unqual(e.args[2].type).pointee)  # type: ignore[attr-defined]
    assert rt is not None
    op = kind.split("_")[1]
    if kind.endswith("_mixed"):
        b_signed = as_int(e.args[1].type).signed  # type: ignore[union-attr]
        with g.at(e.pos):
            return _mixed_overflow(g, op, (a, wide_signed), (b, b_signed), res, rt)
    with g.at(e.pos):
        bld = g.b
        irop = {"add": Op.ADD, "sub": Op.SUB, "mul": Op.MUL}[op]
        w = bld.binary(irop, a, b)  # exact when kind has no _wide; else exact modulo 2**64
        flags: list[Value] = []
        if kind.endswith("_wide"):
            flags.append(_wide_overflow(g, op, a, b, w, wide_signed))
        flags.append(_out_of_range(g, w, wide_signed, rt.size * 8, rt.signed))
        over = flags[0] if len(flags) == 1 else bld.binary(Op.OR, flags[0], flags[1])
        r_ty = scalar_ir_type(rt)
        r = w if r_ty == I64 else bld.cast(Op.TRUNC, w, r_ty)
        bld.store(r, res)
        return bld.cast(Op.ZEXT, over, I8)


def _wide_overflow(g: IRGen, op: str, a: Value, b: Value, w: Value, signed: bool) -> Value:
    """Did the exact a op b leave the 64-bit type (w is it modulo 2**64)?"""
    bld = g.b
    zero = Const(I64, 0)
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
        b_m1 = bld.cmp("eq", b, Const(I64, -1))
        bad_div = bld.binary(Op.OR, b_zero, b_m1)
    d = bld.select(bad_div, Const(I64, 1), b)
    q = bld.binary(Op.SDIV if signed else Op.UDIV, w, d)
    differs = bld.select(bad_div, Const(I1, 0), bld.cmp("ne", q, a))
    if not signed:
        return differs
    a_min = bld.cmp("eq", a, Const(I64, 1 << 63))
    return bld.binary(Op.OR, differs, bld.binary(Op.AND, b_m1, a_min))


def _mixed_overflow(g: IRGen, op: str, a: tuple[Value, bool], b: tuple[Value, bool],
                    res: Value, rt: IntType | object) -> Value:
    """Checked arithmetic on 64-bit operands of mixed signedness (or a result whose
    signedness differs from theirs): the exact result as two 64-bit words
    (hi, lo), whose value is hi * 2**64 + lo (lo unsigned), then a range check."""
    bld = g.b
    zero, ones = Const(I64, 0), Const(I64, -1)

    def hi_of(x: Value, signed: bool) -> Value:
        return bld.binary(Op.ASHR, x, Const(I64, 63)) if signed else zero

    (av, asg), (bv, bsg) = a, b
    extra: Value = Const(I1, 0)  # overflow found on the way (a product above 2**64)
    if op in ("add", "sub"):
        ah, bh = hi_of(av, asg), hi_of(bv, bsg)
        if op == "add":
            lo = bld.binary(Op.ADD, av, bv)
            carry = bld.cast(Op.ZEXT, bld.cmp("ult", lo, av), I64)
            hi = bld.binary(Op.ADD, bld.binary(Op.ADD, ah, bh), carry)
        else:
            lo = bld.binary(Op.SUB, av, bv)
            borrow = bld.cast(Op.ZEXT, bld.cmp("ult", av, bv), I64)
            hi = bld.binary(Op.SUB, bld.binary(Op.SUB, ah, bh), borrow)
    else:  # |a| * |b| in 64 bits (checked), then the sign
        def magnitude(x: Value, signed: bool) -> tuple[Value, Value]:
            if not signed:
                return x, Const(I1, 0)
            neg = bld.cmp("slt", x, zero)
            return bld.select(neg, bld.binary(Op.SUB, zero, x), x), neg

        ma, na = magnitude(av, asg)
        mb, nb = magnitude(bv, bsg)
        prod = bld.binary(Op.MUL, ma, mb)
        mb_zero = bld.cmp("eq", mb, zero)
        q = bld.binary(Op.UDIV, prod, bld.select(mb_zero, Const(I64, 1), mb))
        extra = bld.select(mb_zero, Const(I1, 0), bld.cmp("ne", q, ma))
        neg = bld.binary(Op.XOR, na, nb)
        lo = bld.select(neg, bld.binary(Op.SUB, zero, prod), prod)
        negative = bld.binary(Op.AND, neg, bld.cmp("ne", prod, zero))
        hi = bld.select(negative, ones, zero)
    bits = rt.size * 8  # type: ignore[attr-defined]
    if rt.signed:  # type: ignore[attr-defined]
        fits = bld.cmp("eq", hi, bld.binary(Op.ASHR, lo, Const(I64, 63)))
        if bits < 64:
            fits = bld.binary(Op.AND, fits, bld.binary(Op.XOR, _out_of_range(g, lo, True, bits,
                                                                             True), Const(I1, 1)))
    else:
        fits = bld.cmp("eq", hi, zero)
        if bits < 64:
            fits = bld.binary(Op.AND, fits, bld.binary(Op.XOR, _out_of_range(g, lo, False, bits,
                                                                             False), Const(I1, 1)))
    over = bld.binary(Op.OR, bld.binary(Op.XOR, fits, Const(I1, 1)), extra)
    r_ty = scalar_ir_type(rt)  # type: ignore[arg-type]
    bld.store(lo if r_ty == I64 else bld.cast(Op.TRUNC, lo, r_ty), res)
    return bld.cast(Op.ZEXT, over, I8)


def _out_of_range(g: IRGen, w: Value, w_signed: bool, bits: int, r_signed: bool) -> Value:
    """Is the 64-bit value w (signed or not) outside the range of the result type?"""
    bld = g.b
    if w_signed:
        lo = -(1 << (bits - 1)) if r_signed else 0
        hi = (1 << (bits - 1)) - 1 if r_signed else (1 << bits) - 1
        below = bld.cmp("slt", w, Const(I64, lo))
        if hi >= (1 << 63) - 1:
            return below
        return bld.binary(Op.OR, below, bld.cmp("sgt", w, Const(I64, hi)))
    hi = (1 << (bits - 1)) - 1 if r_signed else (1 << bits) - 1
    if hi >= (1 << 64) - 1:
        return Const(I1, 0)
    return bld.cmp("ugt", w, Const(I64, hi))


def _fpclassify(g: IRGen, vals: list[Value]) -> Value:
    """fpclassify(nan, inf, normal, subnormal, zero, x) by comparing |x|."""
    bld = g.b
    nan, inf, normal, subnormal, zero, x = vals
    ft = x.ty
    assert isinstance(ft, FloatType)
    it = IntType(ft.bits)
    mask = (1 << (ft.bits - 1)) - 1
    ax = bld.cast(Op.BITCAST, bld.binary(Op.AND, bld.cast(Op.BITCAST, x, it), Const(it, mask)),
                  ft)
    smallest = struct.unpack("<f", struct.pack("<I", 0x00800000))[0] if ft.bits == 32 \
        else struct.unpack("<d", struct.pack("<Q", 0x0010000000000000))[0]
    r = bld.select(bld.cmp("oeq", ax, Const(ft, 0.0), float_cmp=True), zero, subnormal)
    r = bld.select(bld.cmp("oge", ax, Const(ft, smallest), float_cmp=True), normal, r)
    r = bld.select(bld.cmp("oeq", ax, Const(ft, float("inf")), float_cmp=True), inf, r)
    r = bld.select(bld.cmp("uno", x, x, float_cmp=True), nan, r)
    assert r.ty == I32
    return r


def _magnitude(g: IRGen, x: Value) -> Value:
    """|x| by clearing the sign bit (exact for every input, NaNs included)."""
    ft = x.ty
    assert isinstance(ft, FloatType)
    it = IntType(ft.bits)
    bits = g.b.binary(Op.AND, g.b.cast(Op.BITCAST, x, it), Const(it, (1 << (ft.bits - 1)) - 1))
    return g.b.cast(Op.BITCAST, bits, ft)


def _flag(g: IRGen, pred: str, a: Value, b: Value) -> Value:
    return g.b.cast(Op.ZEXT, g.b.cmp(pred, a, b, float_cmp=True), I32)


def _isinf_sign(g: IRGen, x: Value) -> Value:
    inf = Const(x.ty, float("inf"))
    neg = g.b.select(g.b.cmp("oeq", x, Const(x.ty, float("-inf")), float_cmp=True),
                     Const(I32, -1), Const(I32, 0))
    return g.b.select(g.b.cmp("oeq", x, inf, float_cmp=True), Const(I32, 1), neg)


# the classification builtins, each reading its operand once
_FLOAT_TESTS = {
    "isnan": lambda g, x: _flag(g, "uno", x, x),
    "isinf": lambda g, x: _flag(g, "oeq", _magnitude(g, x), Const(x.ty, float("inf"))),
    "isfinite": lambda g, x: _flag(g, "olt", _magnitude(g, x), Const(x.ty, float("inf"))),
    "isinf_sign": _isinf_sign,
    "fabs": _magnitude,
}
