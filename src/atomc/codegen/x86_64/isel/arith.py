"""Instruction selection for integer arithmetic, compares, casts and selects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....ir.insts import Binary, Cast, Cmp, Op, Select
from ....ir.types import FloatType, IntType
from ....ir.values import Const, Undef
from ...mir import Imm, PReg, VReg
from ..opcodes import CMOV, EXTEND, ICMP_CC, SETCC, SIZED, SWAPPED_PRED
from .common import _ALU, _ice, _signed, _w, value_size

if TYPE_CHECKING:
    from .select import FunctionISel


def lower_alu(sel: FunctionISel, inst: Binary) -> None:
    size = value_size(inst.ty)
    w = _w(size)
    dst = VReg(sel.vreg(inst).id, w)
    lhs, rhs = inst.lhs, inst.rhs
    if isinstance(lhs, Const) and not isinstance(rhs, Const) and inst.info.commutative:
        lhs, rhs = rhs, lhs
    sel.mov(sel.operand(lhs, w), dst, w)
    b = sel.operand(rhs, w)
    sel.emit(SIZED[_ALU[inst.op], w], b, dst)


def lower_shift(sel: FunctionISel, inst: Binary) -> None:
    size = value_size(inst.ty)
    w = _w(size)
    dst = sel.vreg(inst)
    sel.mov(sel.operand(inst.lhs, w), VReg(dst.id, w), w)
    opc = SIZED[{Op.SHL: "shl", Op.LSHR: "shr", Op.ASHR: "sar"}[inst.op], size]
    if isinstance(inst.rhs, Const):
        sel.emit(opc, Imm(inst.rhs.int_value & (63 if size == 8 else 31)),
                 VReg(dst.id, size))
    else:
        sel.mov(sel.operand(inst.rhs, 4), PReg("rcx", 4), 4)
        sel.emit(opc, PReg("rcx", 1), VReg(dst.id, size), implicit_uses=("rcx",))


def lower_div(sel: FunctionISel, inst: Binary) -> None:
    size = value_size(inst.ty)
    signed = inst.op in (Op.SDIV, Op.SREM)
    if size < 4:
        a: VReg | Imm = sel.extend(inst.lhs, signed)
        b = sel.extend(inst.rhs, signed)
        if isinstance(b, Imm):
            t = sel.mf.new_vreg(4)
            sel.mov(b, t, 4)
            b = t
        w = 4
    else:
        w = size
        a = sel.operand(inst.lhs, w)
        b = sel.reg(inst.rhs, w)
    sel.mov(a, PReg("rax", w), w)
    if signed:
        sel.emit("cltd" if w == 4 else "cqto")
    else:
        sel.emit("xorl", PReg("rdx", 4), PReg("rdx", 4))
    sel.emit(SIZED["idiv" if signed else "div", w], b)
    res = "rax" if inst.op in (Op.SDIV, Op.UDIV) else "rdx"
    sel.mov(PReg(res, w), VReg(sel.vreg(inst).id, w), w)


def emit_compare(sel: FunctionISel, c: Cmp) -> str:
    """Emit the flag-setting compare of `c`; return the x86 condition code."""
    pred = c.pred
    lhs, rhs = c.lhs, c.rhs
    size = value_size(lhs.ty)
    if isinstance(lhs, (Const, Undef)) and not isinstance(rhs, (Const, Undef)):
        lhs, rhs = rhs, lhs
        pred = SWAPPED_PRED[pred]
    a = sel.reg(lhs, size)
    b = sel.operand(rhs, size)
    sel.emit(SIZED["cmp", size], b, a)
    return ICMP_CC[pred]


def lower_cast(sel: FunctionISel, inst: Cast) -> None:
    op = inst.op
    if op in (Op.SITOFP, Op.UITOFP, Op.FPTOSI, Op.FPTOUI, Op.FPEXT, Op.FPTRUNC, Op.FNEG,
              Op.BITCAST):
        sel.sse.lower_cast(inst)
        return
    if op in (Op.CLZ, Op.CTZ):
        lower_bit_scan(sel, inst)
        return
    src = inst.value
    s = value_size(src.ty)
    d = value_size(inst.ty)
    dst = sel.vreg(inst)
    src_i1 = isinstance(src.ty, IntType) and src.ty.bits == 1
    if op is Op.SEXT:
        if isinstance(src, Const):
            bits = src.ty.bits  # type: ignore[union-attr]
            sel.mov(Imm(_signed(src.int_value, bits)), dst, d)
            return
        r = sel.reg(src)
        if src_i1:
            sel.emit("movzbl", VReg(r.id, 1), VReg(dst.id, 4))
            sel.emit(SIZED["neg", _w(d)], VReg(dst.id, _w(d)))
        elif s == 4:
            sel.emit("movslq", VReg(r.id, 4), dst)
        else:
            to = 8 if d == 8 else 4
            sel.emit(EXTEND[True, s, to], VReg(r.id, s), VReg(dst.id, to))
        return
    if op in (Op.ZEXT, Op.INTTOPTR) or (op is Op.PTRTOINT and d >= s):
        if isinstance(src, Const):
            sel.mov(Imm(src.int_value), dst, d)
            return
        if s >= d:
            sel.mov(sel.operand(src, d), dst, d)
            return
        r = sel.reg(src)
        if s == 4:
            sel.emit("movl", VReg(r.id, 4), VReg(dst.id, 4))
        else:
            sel.emit(EXTEND[False, s, 4], VReg(r.id, s), VReg(dst.id, 4))
        return
    # truncation (TRUNC, narrowing PTRTOINT)
    if op not in (Op.TRUNC, Op.PTRTOINT):
        raise _ice(f"unsupported cast {op.value}")
    sel.mov(sel.operand(src, _w(d)), VReg(dst.id, _w(d)), _w(d))
    if isinstance(inst.ty, IntType) and inst.ty.bits == 1:
        sel.emit("andl", Imm(1), VReg(dst.id, 4))


def lower_bit_scan(sel: FunctionISel, inst: Cast) -> None:
    """clz as `bsr; xor $(N-1)` and ctz as `bsf`, as gcc does without -mlzcnt/-mbmi."""
    size = value_size(inst.ty)
    dst = VReg(sel.vreg(inst).id, size)
    src = sel.reg(inst.value, size)
    if inst.op is Op.CLZ:
        sel.emit(SIZED["bsr", size], src, dst)
        sel.emit(SIZED["xor", size], Imm(size * 8 - 1), dst)
    else:
        sel.emit(SIZED["bsf", size], src, dst)


def lower_int_select(sel: FunctionISel, inst: Select) -> None:
    size = value_size(inst.ty)
    w = _w(size)
    dst = VReg(sel.vreg(inst).id, w)
    a, b = inst.operand(1), inst.operand(2)
    cond = inst.cond
    if isinstance(cond, Const):
        sel.mov(sel.operand(a if cond.value else b, w), dst, w)
        return
    if isinstance(cond, Cmp) and cond in sel.fused:
        # the compare is emitted here, right before the cmov: no setcc + test. A
        # register `b` is moved after the compare (the move leaves the flags alone and
        # may be `b`'s last use: the coalescer can then give `b` and the result one
        # register), a constant before it (where `mov $0` may become `xor`)
        ob = sel.operand(b, w)
        if isinstance(ob, Imm):
            sel.mov(ob, dst, w)
        ra = sel.reg(a, w)
        saved = sel.loc
        sel.loc = cond.loc
        cc = emit_compare(sel, cond)
        sel.loc = saved
        if not isinstance(ob, Imm):
            sel.mov(ob, dst, w)
        sel.emit(CMOV[cc, w], ra, dst)
        return
    c = sel.reg(cond, 1)
    sel.mov(sel.operand(b, w), dst, w)
    sel.emit("testb", c, c)
    sel.emit(CMOV["ne", w], sel.reg(a, w), dst)


def lower_binary(sel: FunctionISel, inst: Binary) -> None:
    op = inst.op
    if inst in sel.scaled:
        return  # folded into the addresses that use it
    if op in (Op.SDIV, Op.UDIV, Op.SREM, Op.UREM):
        lower_div(sel, inst)
    elif op in (Op.SHL, Op.LSHR, Op.ASHR):
        lower_shift(sel, inst)
    elif op in _ALU:
        lower_alu(sel, inst)
    elif isinstance(inst.ty, FloatType):
        sel.sse.lower_binary(inst)
    else:
        raise _ice(f"unsupported binary operation {op.value}")


def lower_cmp(sel: FunctionISel, inst: Cmp) -> None:
    if inst.op is Op.FCMP:
        sel.sse.lower_compare(inst)
    elif inst not in sel.fused:
        cc = emit_compare(sel, inst)
        sel.emit(SETCC[cc], VReg(sel.vreg(inst).id, 1))


def lower_select(sel: FunctionISel, inst: Select) -> None:
    if isinstance(inst.ty, FloatType):
        sel.sse.lower_select(inst)
    else:
        lower_int_select(sel, inst)
