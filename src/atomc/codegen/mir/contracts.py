"""The checker of machine passes' debug-info contracts (`MachinePass.keeps_di`),
the machine side of `opt/debugify.py`: a snapshot before the pass, a
comparison after it.

Instructions are followed by identity (a pass that rewrites operands in place
keeps the instruction; one that replaces it makes a new one). Meta
instructions carry no line of their own and are not compared. A number is
defined by the instruction carrying it or by a DBG_PHI naming it (what the
allocator leaves for a copy it deletes).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...ir.debuginfo import DILocation
from .core import Imm, InstrOperandRef, MFunction, MInst
from .passes import MDI

__all__ = ["Snapshot", "snapshot", "violations"]


@dataclass(frozen=True, slots=True)
class Snapshot:
    locs: dict[int, tuple[MInst, DILocation | None]]  # id(inst) -> (inst, its location)
    numbers: frozenset[int]  # debug instruction numbers defined
    substitutions: dict[InstrOperandRef, tuple[InstrOperandRef, int]]


def snapshot(mf: MFunction) -> Snapshot:
    locs: dict[int, tuple[MInst, DILocation | None]] = {}
    numbers: set[int] = set()
    for _, mi in mf.instructions():
        if mi.opcode == "DBG_PHI" and isinstance(mi.operands[-1], Imm):
            # a value defined where blocks meet, or a deleted copy's
            numbers.add(mi.operands[-1].value)
        if mi.is_meta:
            continue
        locs[id(mi)] = (mi, mi.loc)
        if mi.instr_num:
            numbers.add(mi.instr_num)
    return Snapshot(locs, frozenset(numbers), dict(mf.substitutions))


def violations(before: Snapshot, mf: MFunction, keeps: MDI) -> list[str]:
    """What `mf` breaks of the contract `keeps`, compared with `before`."""
    found: list[str] = []
    after = snapshot(mf)
    if MDI.LINES in keeps:
        for key, (mi, loc) in after.locs.items():
            old = before.locs.get(key)
            if old is not None and old[0] is mi and old[1] != loc:
                found.append(f"{mi.opcode}: location changed from {_line(old[1])} to {_line(loc)}")
    if MDI.INSTR_NUMS in keeps:
        for n in sorted(before.numbers - after.numbers):
            if not any(ref.instr_num == n for ref in mf.substitutions):
                found.append(f"debug instruction number {n} is gone, with no substitution")
    if MDI.SUBSTITUTIONS in keeps:
        for ref, new in before.substitutions.items():
            if mf.substitutions.get(ref) != new:
                found.append(f"substitution {ref.instr_num}.{ref.operand} dropped or redirected")
    return found


def _line(loc: DILocation | None) -> str:
    return "none" if loc is None else f"{loc.line}:{loc.column}"
