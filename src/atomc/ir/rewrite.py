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

from collections.abc import Iterable

from . import work
from .dbgrecords import DbgKind, DbgRecord
from .debuginfo import (
    DW_OP_constu, DW_OP_consts, DW_OP_minus, DW_OP_mul, DW_OP_plus_uconst, DIExpression,
)
from .insts import Binary, Cast, Inst, Op
from .types import FloatType, IntType
from .x87float import X80
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
    folded = _constant_result(inst)
    if folded is not None:  # a dead computation on constants: its value, exactly
        return folded, ()
    if isinstance(inst.ty, IntType) and inst.ty.bits > 64:
        return None  # DWARF computes in 64 bits: a 128-bit value is described by its halves
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
    if isinstance(inst, Binary) and inst.op in (Op.MUL, Op.SHL) and isinstance(inst.rhs, Const) \
            and isinstance(inst.ty, IntType):
        # wrap-around products keep their low bits whatever the operand's upper bits
        c = inst.rhs.signed() if inst.op is Op.MUL else 1 << (inst.rhs.value % inst.ty.bits)
        return inst.lhs, ((DW_OP_consts, c) if c < 0 else (DW_OP_constu, c)) + (DW_OP_mul,)
    return None


def _constant_result(inst: Inst) -> Const | None:
    """The constant a pure arithmetic/conversion instruction on constants computes."""
    from .interp import InterpError, eval_binary, eval_cast  # interp imports this module's users

    if not isinstance(inst, (Binary, Cast)) or not isinstance(inst.ty, (IntType, FloatType)):
        return None
    vals = [u.value for u in inst.operands]
    if not all(isinstance(v, Const) for v in vals):
        return None
    try:
        if isinstance(inst, Binary):
            r = eval_binary(inst.op, inst.ty, vals[0].value, vals[1].value)  # type: ignore
        else:
            r = eval_cast(inst.op, vals[0].ty, inst.ty, vals[0].value)  # type: ignore
    except InterpError:
        return None
    if isinstance(r, X80):
        return Const(inst.ty, r)
    return Const(inst.ty, float(r) if isinstance(inst.ty, FloatType) else int(r))


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
    """The value is gone: a NEW becomes 'optimised out'; an ADD just loses its location,
    together with the DELETEs that end it (they would name a record no longer there)."""
    if rec.kind is DbgKind.NEW:
        rec.set_value(None)
        rec.expr = DIExpression(rec.expr.ops[-3:] if rec.expr.fragment else ())
        return
    detach_with_dependents(rec)


def detach_with_dependents(rec: DbgRecord,
                           index: dict[int, list[DbgRecord]] | None = None) -> None:
    """Remove `rec` and every record that names it, directly or through an `add`
    (the adds of a `new` and their deletes): none of them may outlive it.
    `index` (from `dependents_index`) saves the walk over the function."""
    if index is not None:
        for r in index.get(id(rec), ()):
            r.detach()
        rec.detach()
        return
    block = rec.inst.block if rec.inst is not None else None
    fn = block.function if block is not None else None
    if fn is not None:
        n = 0
        for inst in fn.insts():
            n += 1
            for r in [r for r in inst.dbg_records if r.key is not None
                      and (r.key is rec or r.key.key is rec)]:
                r.detach()
        work.add("rewrite.dependents_scan", n)
    rec.detach()


def dependents_index(insts: Iterable[Inst]) -> dict[int, list[DbgRecord]]:
    """For each record, the records naming it directly or through an `add` (one walk;
    valid while no keyed record is added)."""
    index: dict[int, list[DbgRecord]] = {}
    for inst in insts:
        for r in inst.dbg_records:
            k = r.key
            if k is None:
                continue
            index.setdefault(id(k), []).append(r)
            if k.key is not None and k.key is not k:
                index.setdefault(id(k.key), []).append(r)
    return index


make_unavailable = _make_unavailable
