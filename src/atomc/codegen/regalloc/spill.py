"""Spill code shared by both allocators: a virtual register's slot, and the
instructions that store it there and load it back, chosen by the target for the
register's class and natural width; and the walk with which both rewrite a function's
blocks."""

from __future__ import annotations

from collections.abc import Callable

from ..mir import META_OPCODES, MFunction, MInst, SlotKind, StackSlot
from ..target import current

__all__ = ["reload_op", "rewrite_blocks", "spill_op", "spill_slot"]


def spill_slot(mf: MFunction, slots: dict[int, StackSlot], vid: int) -> StackSlot:
    """The 8-byte slot of virtual register `vid`, made at its first spill and kept in `slots`."""
    s = slots.get(vid)
    if s is None:
        s = mf.new_slot(8, 8, SlotKind.SPILL, f"%v{vid}")
        slots[vid] = s
    return s


def reload_op(mf: MFunction, vid: int) -> str:
    """Load of a whole spill slot into a register of the virtual register's class."""
    return current().reload_opcode(mf.vreg_sizes[vid], current().is_vector_vreg(mf, vid))


def spill_op(mf: MFunction, vid: int) -> str:
    """Store of the virtual register's natural width into its slot."""
    return current().spill_opcode(mf.vreg_sizes[vid], current().is_vector_vreg(mf, vid))


def rewrite_blocks(mf: MFunction, meta: Callable[[MInst], None],
                   real: Callable[[MInst, list[MInst]], None]) -> None:
    """Rebuild every block of `mf` in order: a meta instruction (debug value, label)
    is rewritten in place by `meta` and kept; `real` appends what stands for a real
    instruction (itself on registers, with its reloads and spills) to the list it is
    handed."""
    for b in mf.blocks:
        out: list[MInst] = []
        for mi in b.insts:
            if mi.opcode in META_OPCODES:  # (`is_meta`, without a property call each)
                meta(mi)
                out.append(mi)
            else:
                real(mi, out)
        b.insts = out
