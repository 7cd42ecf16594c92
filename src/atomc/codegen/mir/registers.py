"""Register operands of machine instructions, read from the target's opcode
table: what the allocators, the scheduler, dead-definition removal and the
debug-value tracking all ask of an instruction."""

from __future__ import annotations

from ..target import desc
from .core import Mem, MInst, PReg, VReg

__all__ = ["operand_regs"]


def operand_regs(mi: MInst) -> tuple[list[VReg], list[VReg], set[str], set[str]]:
    """(vreg uses, vreg defs, preg uses, preg defs) of one instruction."""
    d = desc(mi.opcode)
    roles = d.roles
    nroles = len(roles)
    uses: list[VReg] = []
    defs: list[VReg] = []
    puses: set[str] = set(d.implicit_uses)
    pdefs: set[str] = set(d.implicit_defs)
    if mi.implicit_uses:
        puses.update(mi.implicit_uses)
    if mi.implicit_defs:
        pdefs.update(mi.implicit_defs)
    for k, op in enumerate(mi.operands):
        if isinstance(op, VReg):
            role = roles[k] if k < nroles else "u"
            if "u" in role:
                uses.append(op)
            if "d" in role:
                defs.append(op)
        elif isinstance(op, PReg):
            role = roles[k] if k < nroles else "u"
            if "u" in role:
                puses.add(op.name)
            if "d" in role:
                pdefs.add(op.name)
        elif isinstance(op, Mem):
            base, index = op.base, op.index
            for r in (base, index):
                if isinstance(r, VReg):
                    uses.append(r)
                elif isinstance(r, PReg):
                    puses.add(r.name)
    return uses, defs, puses, pdefs
