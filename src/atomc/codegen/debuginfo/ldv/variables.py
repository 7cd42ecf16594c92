"""Phases C and D: the value of every variable at every block entry.

An assignment resolves to a machine value (through the substitution table,
instruction numbers and DBG_PHIs), a constant, or "undefined". At a join the
predecessors' values must agree; if they do not, the variable gets a
variable-PHI, which is kept only when one machine location holds each incoming
value at the end of every predecessor — then the value is that location's
machine PHI. LLVM never invents a PHI the program does not compute: otherwise
the variable has no location on entry to the block.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....dwarf.locexpr import LocExpr
from ....ir.dbgrecords import DbgKind
from .machine import MachineValues, StateWalker, Value, phi, resolve_dbg_phi
from .model import ConstOp, DebugOperand, DebugValue, InstrRef, MFunctionView, MLoc, VarKey


@dataclass(frozen=True, slots=True)
class Const:
    value: int
    frame: bool = False  # a CFA-relative address (model.ConstOp)
    symbol: str | None = None  # a symbol-relative address (model.ConstOp)


@dataclass(frozen=True, slots=True)
class Computed:
    """A value the variable is computed from (a salvaged record): `ops` over `base`."""

    base: Value | Const
    ops: LocExpr


VarValue = Value | Const | Computed | None  # None: no value (undefined / optimised out)


def tagged(v: Value | Const | None, ops: LocExpr) -> VarValue:
    return Computed(v, ops) if ops and v is not None else v

_TOP = ("top",)  # not yet computed (optimistic start for back edges)


def resolve_operand(op: DebugOperand, state: dict[MLoc, Value], fn: MFunctionView,
                    mv: MachineValues, block: int, index: int) -> Value | Const | None:
    if op is None:
        return None
    if isinstance(op, ConstOp):
        return Const(op.value, op.frame, op.symbol)
    if isinstance(op, MLoc):
        return state.get(op, phi(block, op))
    assert isinstance(op, InstrRef)
    num, k = op.num, op.op
    seen = set()
    while (num, k) in fn.substitutions and (num, k) not in seen:
        seen.add((num, k))
        num, k = fn.substitutions[(num, k)]
    if num in mv.numbered:
        vals = mv.numbered[num]
        return vals[k] if k < len(vals) else None
    if num in mv.phi_defs:
        return resolve_dbg_phi(mv, num, block, index)
    return None


def block_assignments(fn: MFunctionView, mv: MachineValues
                      ) -> list[dict[VarKey, VarValue]]:
    """Per block, the value of each variable assigned in it at the block's end."""
    out: list[dict[VarKey, VarValue]] = []
    walker = StateWalker(mv, fn)
    for b, blk in enumerate(fn.blocks):
        walker.enter(b)
        state = walker.state
        last: dict[VarKey, VarValue] = {}
        for k, inst in enumerate(blk.insts, start=1):
            if isinstance(inst.debug, DebugValue) and inst.debug.kind is DbgKind.NEW:
                d = inst.debug
                for other in list(last):
                    if other != d.var and other.overlaps(d.var):
                        last[other] = None
                last[d.var] = tagged(resolve_operand(d.operand, state, fn, mv, b, k), d.expr)
            walker.apply(inst, k)
        out.append(last)
    return out


def all_variables(fn: MFunctionView) -> list[VarKey]:
    seen: dict[VarKey, None] = {}
    for blk in fn.blocks:
        for inst in blk.insts:
            if isinstance(inst.debug, DebugValue):
                seen.setdefault(inst.debug.var)
    return list(seen)


@dataclass(frozen=True, slots=True)
class VarFlow:
    """The variables' values along the layout walk, as differences: `assigns[b]`,
    the values assigned in block b (at its end); `entry[b]`, the variables whose
    live-in value at block b differs from their value at the end of block b - 1
    (for block 0, from none), with that value (None: no value). Phase E reads
    these instead of every variable at every block."""

    assigns: list[dict[VarKey, VarValue]]
    entry: list[dict[VarKey, VarValue]]


def solve_variable_values(fn: MFunctionView, mv: MachineValues) -> VarFlow:
    """Live-in value of every variable at every block, as differences along the layout."""
    assigns = block_assignments(fn, mv)
    n = len(fn.blocks)
    entry: list[dict[VarKey, VarValue]] = [{} for _ in range(n)]
    # this loop runs variables x blocks times: a block with one predecessor (most
    # of them) is joined inline, with _join's result for one predecessor
    preds = mv.preds
    for var in all_variables(fn):
        vin: list[object] = [_TOP] * n
        vout: list[object] = [_TOP] * n
        changed = True
        while changed:
            changed = False
            for b in mv.rpo:
                if b == 0:
                    new_in: object = None
                elif len(preds[b]) == 1:
                    new_in = vout[preds[b][0]]
                    current = vin[b]
                    if new_in is not _TOP and new_in == current and _own_phi(current, b):
                        new_in = current  # the block's own PHI, back on its back edge
                else:
                    new_in = _join(var, b, vin[b], vout, mv)
                if new_in is _TOP:
                    continue
                out = assigns[b].get(var, new_in)
                if new_in != vin[b] or out != vout[b]:
                    vin[b], vout[b] = new_in, out
                    changed = True
        before: object = None  # the value at the end of the block laid out before
        for b in range(n):
            v = vin[b]
            if v is _TOP:
                v = None
            if v != before:
                entry[b][var] = v  # type: ignore[assignment]
            before = assigns[b].get(var, v)
    return VarFlow(assigns, entry)


def _join(var: VarKey, b: int, current: object, vout: list[object],
          mv: MachineValues) -> object:
    preds = mv.preds[b]
    # A back edge that carries this block's own (resolved) PHI agrees with anything.
    own = current if _own_phi(current, b) else None
    incoming = [(p, vout[p]) for p in preds if vout[p] is not _TOP]
    if not incoming:
        return _TOP
    values = [v for _, v in incoming if v != own or own is None]
    if not values:
        return current
    if all(v == values[0] for v in values):
        return values[0]  # (optimistic while back edges are not computed yet)
    if any(v is None or isinstance(v, (Const, Computed)) for _, v in incoming):
        return None
    return _pick_vphi_location(b, preds, vout, own, mv)


def _own_phi(v: object, b: int) -> bool:
    """`v` is a machine PHI of block `b`."""
    return isinstance(v, tuple) and len(v) == 3 and v[0] == b and v[1] == 0


def _pick_vphi_location(b: int, preds: list[int], vout: list[object], own: object,
                        mv: MachineValues) -> object:
    common: set[MLoc] | None = None
    kept = mv.kept_phis(b)
    for p in preds:
        v = vout[p]
        if v is _TOP:
            continue
        # the locations holding the value at the predecessor's exit (or, for a back
        # edge carrying the variable's own PHI, their own PHI of this block)
        holders = set(mv.holders_at_exit(p, v)) if isinstance(v, tuple) else set()
        if v == own:
            holders.update(loc for loc in kept if mv.live_out_at(p, loc) == phi(b, loc))
        common = holders if common is None else common & holders
    if not common:
        return None
    for loc in sorted(common, key=lambda x: mv.order[x]):
        if mv.live_in_at(b, loc) == phi(b, loc):
            return phi(b, loc)
    return None
