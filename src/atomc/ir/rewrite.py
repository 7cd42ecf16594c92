"""Mutation helpers that keep debug records right; passes erase and move
instructions only through these.

* `erase(inst)` keeps the records that precede `inst` in effect at the same
  program point (they move to the next instruction), and salvages every debug
  use of its result: a record that referred to the dying value is rewritten as
  an expression over the value's operands when that is exact (add/sub of a
  constant, width changes), and otherwise says "optimised out" — never a stale
  or wrong value.
"""

from __future__ import annotations

from .dbgrecords import DbgKind, DbgRecord
from .debuginfo import (
    DW_OP_constu, DW_OP_minus, DW_OP_plus_uconst, DIExpression,
)
from .insts import Binary, Cast, Inst, Op
from .values import Const, Value


def next_inst(inst: Inst) -> Inst | None:
    blk = inst.block
    if blk is None:
        return None
    i = blk.insts.index(inst)
    return blk.insts[i + 1] if i + 1 < len(blk.insts) else None


def move_records_to(records: list[DbgRecord], dest: Inst, front: bool = True) -> None:
    """Re-attach records before `dest` (in front of its own records by default)."""
    moved = list(records)
    for r in moved:
        if r.inst is not None:
            r.inst.dbg_records.remove(r)
        r.inst = dest
    if front:
        dest.dbg_records[0:0] = moved
    else:
        dest.dbg_records.extend(moved)


def erase(inst: Inst) -> None:
    """Delete `inst`; its result must have no real uses left."""
    assert not inst.has_real_uses(), f"erasing {inst!r} which still has uses"
    salvage_debug_uses(inst)
    if inst.dbg_records:
        nxt = next_inst(inst)
        if nxt is not None:
            move_records_to(inst.dbg_records, nxt)
        else:
            for r in list(inst.dbg_records):
                r.detach()
    inst.drop_all_references()
    if inst.block is not None:
        inst.block.remove(inst)


def salvage_expression(inst: Inst) -> tuple[Value, tuple[int, ...]] | None:
    """(operand, ops) such that evaluating ops on operand gives inst's value, if exact."""
    if isinstance(inst, Binary) and isinstance(inst.rhs, Const) and inst.op in (Op.ADD, Op.SUB):
        c = inst.rhs.signed()
        if inst.op is Op.SUB:
            c = -c
        if c >= 0:
            return inst.lhs, (DW_OP_plus_uconst, c)
        return inst.lhs, (DW_OP_constu, -c, DW_OP_minus)
    if isinstance(inst, Cast) and inst.op in (Op.ZEXT, Op.SEXT, Op.TRUNC, Op.PTRTOINT,
                                              Op.INTTOPTR):
        # Debuggers read the low bits of the variable's own width; these casts keep them.
        return inst.value, ()
    if isinstance(inst, Binary) and inst.op is Op.ADD and isinstance(inst.lhs, Const):
        c = inst.lhs.signed()
        if c >= 0:
            return inst.rhs, (DW_OP_plus_uconst, c)
    return None


def salvage_debug_uses(inst: Inst) -> None:
    debug_uses = [u for u in inst.uses if u.is_debug]
    if not debug_uses:
        return
    salvaged = salvage_expression(inst)
    for use in debug_uses:
        rec = use.user
        assert isinstance(rec, DbgRecord)
        if salvaged is None or rec.expr.is_deref:
            _make_unavailable(rec)
            continue
        operand, ops = salvaged
        frag = rec.expr.fragment
        body = rec.expr.ops[:-3] if frag else rec.expr.ops
        new_ops = ops + body + (rec.expr.ops[-3:] if frag else ())
        rec.set_value(operand)
        rec.expr = DIExpression(new_ops)


def _make_unavailable(rec: DbgRecord) -> None:
    """The value is gone: a NEW becomes 'optimised out'; an ADD just loses its location."""
    if rec.kind is DbgKind.NEW:
        rec.set_value(None)
        rec.expr = DIExpression(rec.expr.ops[-3:] if rec.expr.fragment else ())
    else:
        rec.detach()
