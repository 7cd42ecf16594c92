"""Remove machine instructions whose only effect is a virtual register nobody
reads (address computations that isel also folded into memory operands, copies
of dead values). Only moves and `lea`, which touch neither memory, flags nor
physical registers, are candidates, and never a volatile load; deadness counts real uses only, so -g
never changes the code.

Debug info: a reference to a deleted copy or `lea` names what it computed from
instead, with the constant it added (dead_def_salvage.py); a reference to any
other deleted instruction resolves to nothing ("optimised out"), never to a
wrong value.
"""

from __future__ import annotations

from typing import ClassVar

from ...ir import work
from ..mir import META_OPCODES, Imm, Mem, MFunction, MIFlag, MInst, PReg, VReg
from ..mir.passes import MDI, MachineContext, MachinePass
from ..mir.registers import operand_regs
from ..target import desc
from .dead_def_salvage import dead_sums, redirect_references


def _removable(opcode: str) -> bool:
    d = desc(opcode)
    return d.is_move or d.is_address or d.extend is not None


def remove_dead_vreg_defs(mf: MFunction) -> int:
    """Delete dead definitions until none is left. Use counts go down as their
    readers go, so each instruction is looked at a bounded number of times (the
    same fixed point as deleting whole rounds of dead definitions)."""
    uses_count: dict[int, int] = {}
    defs_of: dict[int, list[MInst]] = {}
    operands: dict[int, list[VReg]] = {}  # id(inst) -> its virtual register uses
    defined: dict[int, list[VReg]] = {}  # id(inst) -> its virtual register defs
    candidates: list[MInst] = []
    for _, mi in mf.instructions():
        if mi.opcode in META_OPCODES:
            continue
        uses, defs, _, pdefs = operand_regs(mi)
        for u in uses:
            uses_count[u.id] = uses_count.get(u.id, 0) + 1
        if not mi.flags & MIFlag.VOLATILE and _removable(mi.opcode) \
                and _may_go(mi, defs, pdefs):
            operands[id(mi)] = uses
            defined[id(mi)] = defs
            for d in defs:
                defs_of.setdefault(d.id, []).append(mi)
            candidates.append(mi)
    dead: set[int] = set()
    pending = [mi for mi in candidates if _only_dead(defined[id(mi)], uses_count)]
    while pending:
        mi = pending.pop()
        if id(mi) in dead or not _only_dead(defined[id(mi)], uses_count):
            continue
        dead.add(id(mi))
        for u in operands[id(mi)]:
            uses_count[u.id] -= 1
            if uses_count[u.id] == 0:
                pending.extend(defs_of.get(u.id, ()))
    work.add("mir_dce.insts", len(candidates))
    if not dead:
        return 0
    gone = [mi for mi in candidates if id(mi) in dead]
    redirect_references(mf, dead_sums(gone), dead)
    for b in mf.blocks:
        keep = []
        for mi in b.insts:
            if id(mi) in dead:
                if mi.instr_num and desc(mi.opcode).is_move and mi.operands \
                        and isinstance(mi.operands[0], PReg):
                    # a dead copy out of a physical register (an unused
                    # argument): variables referring to it find the value there
                    keep.append(MInst("DBG_PHI", [mi.operands[0], Imm(mi.instr_num)],
                                      loc=None))
                continue
            keep.append(mi)
        b.insts = keep
    return len(dead)


def _may_go(mi: MInst, defs: list[VReg], pdefs: set[str]) -> bool:
    """Defines only virtual registers, and writes neither memory nor a physical one
    (`defs`, `pdefs`: its `operand_regs`)."""
    if pdefs or not defs:
        return False
    roles = desc(mi.opcode).roles
    for k, o in enumerate(mi.operands):
        if type(o) is Mem and k < len(roles) and "d" in roles[k]:  # Mem is a final class
            return False
    return True


def _only_dead(defs: list[VReg], uses_count: dict[int, int]) -> bool:
    """Are all of an instruction's virtual register definitions `defs` unread?"""
    return all(uses_count.get(x.id, 0) == 0 for x in defs)


class DeadDefs(MachinePass):
    """Delete definitions of virtual registers nobody reads (`remove_dead_vreg_defs`).

    Debug info: references to a deleted copy or `lea` name its source plus the
    constant (dead_def_salvage.py); other deleted instructions' numbers die with
    them ("optimised out"); survivors keep their lines."""

    name: ClassVar[str] = "dead-defs"
    preserves_cfg: ClassVar[bool] = True
    keeps_di: ClassVar[MDI] = MDI.LINES | MDI.SUBSTITUTIONS

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        remove_dead_vreg_defs(mf)
