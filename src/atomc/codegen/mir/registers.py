"""Register operands of machine instructions, read from the target's opcode
table: what the allocators, the scheduler, dead-definition removal and the
debug-value tracking all ask of an instruction."""

from __future__ import annotations

from typing import Final

from ..target import OpcodeInfo, desc, target_cache
from .core import Mem, MInst, PReg, VReg

__all__ = ["opcode_roles", "operand_regs", "written_operands"]

# Per opcode of the installed target: (per explicit operand whether it is read,
# whether it is written, implicit uses, implicit defs).  `operand_regs` runs once
# per instruction in every allocator and scheduler walk (110k calls on Lua's
# lvm.c), so the role strings are decoded once per opcode, not per operand.
# Installing a target empties both tables (`target_cache`).
_Roles = tuple[tuple[bool, ...], tuple[bool, ...], tuple[str, ...], tuple[str, ...]]
_roles_of: Final[dict[str, _Roles]] = target_cache()
_written_of: Final[dict[str, tuple[int, ...]]] = target_cache()  # per opcode: `written_operands`


def _decode(d: OpcodeInfo) -> _Roles:
    return (tuple("u" in r for r in d.roles), tuple("d" in r for r in d.roles),
            d.implicit_uses, d.implicit_defs)


def opcode_roles(opcode: str) -> _Roles:
    """(per explicit operand whether `opcode` reads it, whether it writes it, its
    implicit uses, its implicit defs), decoded once per opcode; an operand past the
    roles is read."""
    roles = _roles_of.get(opcode)
    if roles is None:
        roles = _roles_of[opcode] = _decode(desc(opcode))
    return roles


def written_operands(opcode: str) -> tuple[int, ...]:
    """The indices of the explicit operands `opcode` writes."""
    written = _written_of.get(opcode)
    if written is None:
        writes = opcode_roles(opcode)[1]
        written = _written_of[opcode] = tuple(k for k, w in enumerate(writes) if w)
    return written


def operand_regs(mi: MInst) -> tuple[list[VReg], list[VReg], set[str], set[str]]:
    """(vreg uses, vreg defs, preg uses, preg defs) of one instruction."""
    opcode = mi.opcode
    roles = _roles_of.get(opcode)
    if roles is None:
        roles = _roles_of[opcode] = _decode(desc(opcode))
    reads, writes, implicit_uses, implicit_defs = roles
    nroles = len(reads)
    uses: list[VReg] = []
    defs: list[VReg] = []
    puses: set[str] = set(implicit_uses)
    pdefs: set[str] = set(implicit_defs)
    if mi.implicit_uses:
        puses.update(mi.implicit_uses)
    if mi.implicit_defs:
        pdefs.update(mi.implicit_defs)
    k = -1
    for op in mi.operands:
        k += 1
        # the operand classes are final: `type() is` misses no subclass
        if type(op) is VReg:
            if k >= nroles or reads[k]:
                uses.append(op)
            if k < nroles and writes[k]:
                defs.append(op)
        elif type(op) is PReg:
            if k >= nroles or reads[k]:
                puses.add(op.name)
            if k < nroles and writes[k]:
                pdefs.add(op.name)
        elif type(op) is Mem:
            for r in (op.base, op.index):
                if type(r) is VReg:
                    uses.append(r)
                elif type(r) is PReg:
                    puses.add(r.name)
    return uses, defs, puses, pdefs
