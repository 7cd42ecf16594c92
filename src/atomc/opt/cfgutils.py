"""Read-only questions the passes ask about instructions and edges: what may be
removed, merged or moved (purity), and what an edge passes.

Every change to the IR goes through `ir/rewrite.py`, the one mutation API (it
lives in `ir/` beside the IR it edits, so the front end, cloning and
legalisation use the same helpers as the optimiser).
"""

from __future__ import annotations

from ..ir import Const, Inst, IntType, Op, Value


def is_removable(inst: Inst) -> bool:
    """No effect besides its result: may be deleted once that result is unused."""
    if inst.is_terminator:
        return False
    if inst.info.pure:
        return True
    return inst.op is Op.LOAD and not inst.volatile  # type: ignore[attr-defined]


def is_speculatable(inst: Inst) -> bool:
    """Pure and cannot trap, so it may run where it did not (hoisting)."""
    if inst.op is Op.ALLOCA or not inst.info.pure or inst.is_terminator:
        return False
    if not inst.info.may_trap:
        return True
    d = inst.operand(1)
    if not isinstance(d, Const) or not isinstance(d.ty, IntType) or d.value == 0:
        return False
    if inst.op in (Op.SDIV, Op.SREM):
        return d.signed() != -1
    return True


def succ_args(term: Inst, i: int) -> list[Value]:
    return [u.value for u in term.succs[i].args]


__all__ = ["is_removable", "is_speculatable", "succ_args"]
