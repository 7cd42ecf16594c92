"""Instruction selection for branches and the copies of block arguments on
CFG edges (parallel moves, split edges)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....ir.debuginfo import DILocation
from ....ir.insts import Branch, Extract, Inst, Jump, Succ, arg_loc, edge_args
from ....ir.types import is_x87
from ....ir.values import Const
from ....ir.wide import Wide
from ...mir import BlockRef, Imm, VReg
from ..function_state import is_xmm, new_xmm_vreg
from ..opcodes import JCC
from .arith import emit_compare
from .common import _ice, value_size
from .debug_values import lower_dbg_record

if TYPE_CHECKING:
    from ....ir.dbgrecords import DbgRecord
    from .select import FunctionISel


def lower_branch(sel: FunctionISel, inst: Branch) -> None:
    cond = inst.cond
    if isinstance(cond, Extract) and cond in sel.fused:
        cc = "e"  # a cmpxchg's success: the ZF it left (isel_atomic)
    elif cond in sel.fused:
        saved = sel.loc
        sel.loc = cond.loc
        cc = sel.wide.flags(cond) if isinstance(cond, Wide) else \
            emit_compare(sel, cond)  # type: ignore[arg-type]
        sel.loc = saved
    elif isinstance(cond, Const):
        taken = inst.succs[0] if cond.value else inst.succs[1]
        lower_edge_copies(sel, taken)
        sel.emit("jmp", BlockRef(sel.blocks[taken.block]))
        return
    else:
        c = sel.reg(cond, 1)
        sel.emit("testb", c, c)
        cc = "ne"
    t = sel.edge_target(inst.succs[0])
    f = sel.edge_target(inst.succs[1])
    sel.emit(JCC[cc], BlockRef(t))
    sel.emit("jmp", BlockRef(f))


def lower_edge_copies(sel: FunctionISel, succ: Succ) -> None:
    """Block-argument passing as one parallel copy, sequenced so that no
    source is overwritten before it is read; cycles go through a temporary.
    A copy whose argument carries an assignment (mem2reg's `EdgeArg`) is located
    there, so the line table can stop at the assignment; the rest, and the
    temporaries, have the edge's (the branch's) location."""
    params = succ.block.params
    vals = succ.arg_values
    if len(params) != len(vals):
        raise _ice("branch argument count does not match the block's parameters")
    if not params:
        return  # most edges (all but mem2reg's, at -O0 every one) pass nothing
    sel.x87.edge_copies(succ)
    pending: list[tuple[VReg, VReg | Imm, int]] = []
    assigned: dict[int, DILocation] = {}  # parameter vreg -> the assignment its copy is
    # (lengths checked above: a plain zip is a native loop, `strict=True` a generic call)
    for p, u in zip(params, succ.args):  # noqa: B905
        if is_x87(p.ty):
            continue
        size = value_size(p.ty)
        d = sel.vreg(p)
        s = sel.operand(u.value, size)
        if isinstance(s, VReg) and s.id == d.id:
            continue
        at = arg_loc(u)
        if at is not None:
            assigned[d.id] = at
        pending.append((d, s, size))
    edge_loc = sel.loc
    last: DILocation | None = None
    while pending:
        for i, (d, s, size) in enumerate(pending):
            blocked = any(isinstance(s2, VReg) and s2.id == d.id
                          for j, (_, s2, _) in enumerate(pending) if j != i)
            if not blocked:
                at = assigned.get(d.id)
                if at is not None and _in_order(last, at):
                    sel.loc = last = at
                else:
                    sel.loc = edge_loc
                sel.mov(s, VReg(d.id, size), size)
                sel.loc = edge_loc
                pending.pop(i)
                break
        else:
            d, _, size = pending[0]
            nat = sel.mf.vreg_sizes[d.id]
            t = new_xmm_vreg(sel.mf, nat) if is_xmm(sel.mf, d) else sel.mf.new_vreg(nat)
            sel.mov(VReg(d.id, nat), t, nat)
            pending = [(d2, VReg(t.id, s2.size) if isinstance(s2, VReg) and s2.id == d.id
                        else s2, sz2) for d2, s2, sz2 in pending]


def _in_order(last: DILocation | None, at: DILocation) -> bool:
    """May the copy for the assignment at `at` step there after the edge's copy at
    `last`? Not to an earlier line of the same function instance (the copies run in
    parameter order, which need not be the source's)."""
    return last is None or last.inlined_at != at.inlined_at or \
        last.scope.subprogram is not at.scope.subprogram or at.line >= last.line


def assigned_by_copies(inst: Inst) -> list[DbgRecord]:
    """The value records of a jump that name the value one of its located edge
    arguments copies (mem2reg put them where it deleted the assignment's store):
    lowered after the copies, so at the assignment's stop the variable still
    shows the value before it, as at -O0."""
    if not isinstance(inst, Jump):
        return []
    values = [a.value for a in edge_args(inst)]
    return [r for r in inst.dbg_records if any(r.value is v for v in values)]


def lower_jump(sel: FunctionISel, inst: Jump) -> None:
    lower_edge_copies(sel, inst.succs[0])
    if sel.debug:
        for rec in sel.after_copies:
            lower_dbg_record(sel, rec)
        sel.after_copies = []
    sel.emit("jmp", BlockRef(sel.blocks[inst.succs[0].block]))
