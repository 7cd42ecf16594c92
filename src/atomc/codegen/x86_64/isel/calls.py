"""Instruction selection at function boundaries: the entry (incoming arguments,
the varargs save area), calls and returns (SysV classification by `abi`),
`va_start` and dynamic allocas."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....ir.function import Function
from ....ir.insts import Call, DynAlloca, Extract, Ret, VaStart
from ....ir.types import FloatType, TupleType, VoidType, is_x87
from ...mir import Imm, Mem, MIFlag, Operand, PReg, SlotKind, Sym, VReg
from ..abi import FP_OFFSET_NO_XMM, REG_SAVE_AREA_SIZE, layout_args
from ..frame import OUTGOING_ARGS
from ..function_state import new_xmm_vreg
from ..registers import ARG_REGS, XMM_ARG_REGS
from ..stack_clash import PROBED_ALLOCA
from .common import _ice, _load_op, _mem_add, _return_regs, _w, emit_ret, value_size
from .floating import view as _view
from .memory import copy_memory

if TYPE_CHECKING:
    from .select import FunctionISel


def lower_entry(sel: FunctionISel) -> None:
    fn = sel.fn
    lay = layout_args(fn.param_types, fn.byval_params)
    if fn.variadic:
        sel.save_area = sel.mf.new_slot(REG_SAVE_AREA_SIZE, 16, SlotKind.VARARG_SAVE)
        for i, r in enumerate(ARG_REGS):
            sel.emit("movq", PReg(r), Mem(base=sel.save_area, disp=8 * i),
                     flags=MIFlag.FRAME_SETUP)
        for i, r in enumerate(XMM_ARG_REGS):
            sel.emit("movsd", PReg(r), Mem(base=sel.save_area, disp=48 + 16 * i),
                     flags=MIFlag.FRAME_SETUP)
        used = lay.stack_bytes_used
        sel.overflow_area = sel.mf.new_slot(8, 8, SlotKind.INCOMING, "va_overflow",
                                            fixed_offset=used)
        sel.gp_offset = 8 * lay.int_regs_used
        sel.fp_offset = FP_OFFSET_NO_XMM + 16 * lay.xmm_regs_used
    for arg, loc in zip(fn.args, lay.args, strict=True):
        if is_x87(arg.ty):
            continue  # its home is the caller's copy (X87Lowering.plan_homes)
        if loc.byval is not None:
            size, align = loc.byval
            sel.slots[arg] = sel.mf.new_slot(size, align, SlotKind.INCOMING, arg.name,
                                             fixed_offset=loc.stack_offset)
            continue
        size = value_size(arg.ty)
        v = sel.vreg(arg)
        if loc.reg is not None:
            sel.mov(PReg(loc.reg, size), v, size)
        else:
            s = sel.mf.new_slot(8, 8, SlotKind.INCOMING, arg.name, fixed_offset=loc.stack_offset)
            if isinstance(arg.ty, FloatType):
                sel.sse.fmov(Mem(base=s), v, size)
            else:
                sel.emit(_load_op(size), Mem(base=s), _view(v, _w(size)))
        mi = sel.cur.insts[-1]  # type: ignore[union-attr]
        if sel.debug:
            mi.instr_num = sel.mf.new_instr_num()
            sel.value_num[arg] = (mi.instr_num, 1)
    if fn.sret and fn.args:
        sel.sret_vreg = sel.vregs.get(fn.args[0])


def lower_call(sel: FunctionISel, inst: Call) -> None:
    args = inst.args
    lay = layout_args([a.ty for a in args], inst.byval)
    sel.mf.max_call_frame = max(sel.mf.max_call_frame, lay.stack_bytes)
    # stack arguments first: copying a byval object may use rdi/rsi/rcx
    # (`layout_args` makes one location per argument: a plain zip is a native loop,
    # `strict=True` a generic call)
    for a, loc in zip(args, lay.args):  # noqa: B905
        if loc.reg is not None:
            continue
        slot = Mem(base=PReg("rsp"), disp=loc.stack_offset)
        if sel.x87.stack_arg(a, slot):
            continue
        if loc.byval is not None:
            copy_memory(sel, slot, sel.addr(a), loc.byval[0])
        else:
            size = value_size(a.ty)
            sel.mov(sel.operand(a, size), slot, size)
    used: list[str] = []
    for a, loc in zip(args, lay.args):  # noqa: B905
        if loc.reg is None:
            continue
        size = value_size(a.ty)
        w = _w(size)
        sel.mov(sel.operand(a, w), PReg(loc.reg, w), w)
        used.append(loc.reg)
    if inst.fixed_args is not None:  # %al: how many vector registers carry arguments
        sel.emit("movb", Imm(lay.xmm_regs_used), PReg("rax", 1))
        used.append("rax")
    callee = inst.callee
    if isinstance(callee, Function):
        target: Operand = Sym(sel.policy.call_target(callee))
    else:
        target = sel.reg(callee, 8)
    sel.emit("call", target, implicit_uses=tuple(used))
    rt = inst.ty
    if sel.x87.call_result(inst):
        return
    if isinstance(rt, TupleType):
        parts = []
        for et, r in zip(rt.elems, _return_regs(rt.elems), strict=True):
            sz = value_size(et)
            v = new_xmm_vreg(sel.mf, sz) if isinstance(et, FloatType) else sel.mf.new_vreg(sz)
            sel.mov(PReg(r, sz), v, sz)
            parts.append(v)
        sel.tuple_vregs[inst] = parts
    elif not isinstance(rt, VoidType):
        size = value_size(rt)
        sel.mov(PReg(_return_regs([rt])[0], size), sel.vreg(inst), size)


def lower_ret(sel: FunctionISel, inst: Ret) -> None:
    if sel.x87.lower_return(inst):
        return
    vals = [u.value for u in inst.operands]
    if len(vals) > 2:
        raise _ice("return of more than two registers")
    used: list[str] = []
    for v, r in zip(vals, _return_regs([v.ty for v in vals]), strict=True):
        size = value_size(v.ty)
        w = _w(size)
        sel.mov(sel.operand(v, w), PReg(r, w), w)
        used.append(r)
    if not vals and sel.sret_vreg is not None:
        sel.mov(sel.sret_vreg, PReg("rax"), 8)
        used.append("rax")
    emit_ret(sel, inst, tuple(used))


def lower_va_start(sel: FunctionISel, inst: VaStart) -> None:
    if sel.save_area is None or sel.overflow_area is None:
        raise _ice("va_start in a function that is not variadic")
    m = sel.addr(inst.operand(0))
    sel.emit("movl", Imm(sel.gp_offset), m)
    sel.emit("movl", Imm(sel.fp_offset), _mem_add(m, 4))
    t = sel.mf.new_vreg(8)
    sel.emit("leaq", Mem(base=sel.overflow_area), t)
    sel.emit("movq", t, _mem_add(m, 8))
    t2 = sel.mf.new_vreg(8)
    sel.emit("leaq", Mem(base=sel.save_area), t2)
    sel.emit("movq", t2, _mem_add(m, 16))


def lower_dynalloca(sel: FunctionISel, inst: DynAlloca) -> None:
    """`subq` the size rounded up to 16 (plus slack for larger alignments) from
    %rsp; the object starts above the outgoing-argument area (frame lowering
    fills in its size), so later calls cannot overwrite it."""
    extra = inst.align if inst.align > 16 else 0
    size = sel.mf.new_vreg(8)
    sel.mov(sel.operand(inst.size, 8), size, 8)
    sel.emit("addq", Imm(15 + extra), size)
    sel.emit("andq", Imm(-16), size)
    if sel.opts.stack_clash_protection:
        sel.emit(PROBED_ALLOCA, size)  # a page at a time (stack_clash)
    else:
        sel.emit("subq", size, PReg("rsp"))
    dst = sel.vreg(inst)
    sel.emit("leaq", Mem(base=PReg("rsp"), symbol=OUTGOING_ARGS), dst)
    if extra:
        sel.emit("addq", Imm(inst.align - 1), dst)
        sel.emit("andq", Imm(-inst.align), dst)


def lower_extract(sel: FunctionISel, inst: Extract) -> None:
    """One register of a two-register call result."""
    if inst in sel.fused:  # a cmpxchg's flag a branch reads from ZF
        return
    parts = sel.tuple_vregs.get(inst.operand(0))
    if parts is None:
        raise _ice("extract from a value that is not a two-register call result")
    size = value_size(inst.ty)
    sel.mov(VReg(parts[inst.index].id, size), sel.vreg(inst), size)
