"""Spill code shared by both allocators: a virtual register's slot, and the
instructions that store it there and load it back, chosen by the target for the
register's class and natural width."""

from __future__ import annotations

from ..mir import MFunction, StackSlot
from ..target import current

__all__ = ["reload_op", "spill_op", "spill_slot"]


def spill_slot(mf: MFunction, slots: dict[int, StackSlot], vid: int) -> StackSlot:
    """The 8-byte slot of virtual register `vid`, made at its first spill and kept in `slots`."""
    s = slots.get(vid)
    if s is None:
        s = mf.new_slot(8, 8, "spill", f"%v{vid}")
        slots[vid] = s
    return s


def reload_op(mf: MFunction, vid: int) -> str:
    """Load of a whole spill slot into a register of the virtual register's class."""
    return current().reload_opcode(mf.vreg_sizes[vid], current().is_vector_vreg(mf, vid))


def spill_op(mf: MFunction, vid: int) -> str:
    """Store of the virtual register's natural width into its slot."""
    return current().spill_opcode(mf.vreg_sizes[vid], current().is_vector_vreg(mf, vid))
