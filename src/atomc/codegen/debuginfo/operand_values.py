"""Variables computed from two values that both live on (ir/operand_records.py): the
variable's ranges are over its first value, with `arg N` (an `OperandArg`) where
the other one comes in, and operand variable N has ranges of its own, found by
LiveDebugValues like any variable's. Here each of the variable's ranges is cut to
where operand N has a location too, and `arg N` becomes the ops that push the value
held there (`DW_OP_breg3 0` for a register, `DW_OP_fbreg -20, DW_OP_deref` for a
spill slot, an entry value, a constant). So the location ends wherever either
value's location ends (a register reused, a call clobbering it): where one of them
is gone the variable has no location, with the operand's reason when it has one.
Operand variables have no DIE: their ranges and reasons go no further.

Debug info: read-only over the ranges; changes no instruction.
"""

from __future__ import annotations

from dataclasses import replace

from ...dwarf.locexpr import LocExpr, LocOp, OperandArg
from ...ir.operand_records import is_operand_var, operand_key
from .ldv.model import ComputedLoc, ConstLoc, EntryValueLoc, MLoc, VarLoc, VarRange, WhyRange
from .ldv.salvage import MEMORY_AT
from .location_lists import WIDE_CONST, value_of

_Key = tuple[tuple[object, int, str], object]  # (operand_key, inlined-at)


def _pushes(loc: VarLoc) -> LocExpr | None:
    """The ops pushing the value an operand variable's location holds, or None."""
    if isinstance(loc, ComputedLoc):
        if loc.ops == MEMORY_AT or any(isinstance(o, OperandArg) for o in loc.ops):
            return None
        inner = _pushes(loc.base)
        return None if inner is None else inner + loc.ops
    if isinstance(loc, ConstLoc) and loc.value >= WIDE_CONST:
        return None
    if isinstance(loc, (MLoc, ConstLoc, EntryValueLoc)):
        return value_of(loc)
    return None


def _args(loc: VarLoc) -> list[int]:
    if not isinstance(loc, ComputedLoc):
        return []
    return [o.index for o in loc.ops if isinstance(o, OperandArg)]


def _substituted(ops: LocExpr, held: dict[int, LocExpr]) -> LocExpr:
    out: list[LocOp] = []
    for o in ops:
        out += held[o.index] if isinstance(o, OperandArg) else (o,)
    return tuple(out)


def join_operands(ranges: list[VarRange], gaps: list[WhyRange]
                  ) -> tuple[list[VarRange], list[WhyRange]]:
    """The ranges and gaps with operand variables joined into the variables they
    serve (and gone themselves)."""
    if not any(is_operand_var(r.var.var) for r in ranges) \
            and not any(is_operand_var(g.var.var) for g in gaps):
        return ranges, gaps
    held: dict[_Key, list[tuple[int, int, LocExpr]]] = {}
    why: dict[_Key, list[WhyRange]] = {}
    for r in ranges:
        if is_operand_var(r.var.var) and r.primary:
            ops = _pushes(r.loc)
            if ops is not None:
                held.setdefault((operand_key(r.var.var, 0), r.var.inlined_at), []).append(
                    (r.start, r.end, ops))
    for g in gaps:
        if is_operand_var(g.var.var):
            why.setdefault((operand_key(g.var.var, 0), g.var.inlined_at), []).append(g)
    out: list[VarRange] = []
    new_gaps = [g for g in gaps if not is_operand_var(g.var.var)]
    for r in ranges:
        if is_operand_var(r.var.var):
            continue
        args = _args(r.loc)
        if not args:
            out.append(r)
            continue
        assert isinstance(r.loc, ComputedLoc)
        pieces: list[tuple[int, int, dict[int, LocExpr]]] = [(r.start, r.end, {})]
        for n in dict.fromkeys(args):
            pieces = [(max(s, a), min(e, b), {**chosen, n: ops})
                      for s, e, chosen in pieces
                      for a, b, ops in held.get((operand_key(r.var.var, n), r.var.inlined_at), ())
                      if max(s, a) < min(e, b)]
        pieces.sort(key=lambda p: p[0])
        for s, e, chosen in pieces:
            out.append(replace(r, start=s, end=e,
                               loc=ComputedLoc(r.loc.base, _substituted(r.loc.ops, chosen))))
        if r.primary:
            new_gaps += _uncovered(r, [(s, e) for s, e, _ in pieces], args, why)
    return out, new_gaps


def _uncovered(r: VarRange, covered: list[tuple[int, int]], args: list[int],
               why: dict[_Key, list[WhyRange]]) -> list[WhyRange]:
    """Where `r` lost its location for want of an operand: the operand's reason."""
    out: list[WhyRange] = []
    at = r.start
    for s, e in [*covered, (r.end, r.end)]:
        if at < s:
            for n in args:
                g = next((g for g in why.get((operand_key(r.var.var, n), r.var.inlined_at), ())
                          if g.start <= at < g.end), None)
                if g is not None:
                    out.append(WhyRange(r.var, at, min(s, g.end), g.reason))
                    break
        at = max(at, e)
    return out
