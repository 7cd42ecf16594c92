"""Spill code shared by both allocators: the instructions that store a virtual
register to its slot and load it back, chosen by the target for the register's
class and natural width."""

from __future__ import annotations

from ..mir import MFunction
from ..target import current

__all__ = ["reload_op", "spill_op"]


def reload_op(mf: MFunction, vid: int) -> str:
    """Load of a whole spill slot into a register of the virtual register's class."""
    return current().reload_opcode(mf.vreg_sizes[vid], current().is_vector_vreg(mf, vid))


def spill_op(mf: MFunction, vid: int) -> str:
    """Store of the virtual register's natural width into its slot."""
    return current().spill_opcode(mf.vreg_sizes[vid], current().is_vector_vreg(mf, vid))
