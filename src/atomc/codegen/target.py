"""The target description: what a target-neutral machine pass may ask about the
machine. Register allocators, the machine passes in `passes/` and the debug-info
code see the target only through this protocol; `x86_64/target.py` implements it
and the pipeline installs it (`use_target`), the one place that names a target.

A target supplies its opcode table (operand roles, implicit registers, control
flow), its register file (allocatable classes, scratch registers, the
callee-saved set, DWARF numbers, frame and stack pointers) and the few hooks
that would otherwise spell an instruction: the inverse of a conditional branch
and the move that spills or reloads a value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .mir.core import MFunction

__all__ = ["OpcodeInfo", "RegisterFile", "Target", "current", "desc", "use_target"]


class OpcodeInfo(Protocol):
    """One row of a target's opcode table, as target-neutral passes read it."""

    @property
    def roles(self) -> tuple[str, ...]: ...
    @property
    def implicit_uses(self) -> tuple[str, ...]: ...
    @property
    def implicit_defs(self) -> tuple[str, ...]: ...
    @property
    def is_branch(self) -> bool: ...
    @property
    def is_cond_branch(self) -> bool: ...
    @property
    def is_return(self) -> bool: ...
    @property
    def is_call(self) -> bool: ...
    @property
    def is_terminator(self) -> bool: ...
    @property
    def is_move(self) -> bool: ...
    @property
    def is_inline_asm(self) -> bool: ...
    @property
    def x87(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class RegisterFile:
    """A target's registers by role (canonical names, as in `PReg.name`)."""

    allocatable_caller: tuple[str, ...]  # caller-saved registers the allocators hand out
    callee_saved: tuple[str, ...]        # saved by the prologue when written
    caller_saved: tuple[str, ...]        # clobbered by a call
    scratch: tuple[str, ...]             # reserved for reloads around one instruction
    vector_allocatable: tuple[str, ...]  # the floating-point class, all caller-saved
    vector_scratch: tuple[str, ...]
    arg_regs: tuple[str, ...]            # integer arguments, in order (entry values)
    frame_pointer: str
    stack_pointer: str
    dwarf_number: Mapping[str, int]
    pc_dwarf: int                        # the program counter's DWARF number


class Target(Protocol):
    """What the neutral back end asks a target."""

    name: str
    registers: RegisterFile
    max_inst_bytes: int  # the longest instruction (debug info bounds code sizes with it)

    def __hash__(self) -> int:
        """Targets are keys of per-target caches."""
        ...

    def desc(self, opcode: str) -> OpcodeInfo:
        """The opcode table's row for `opcode` (KeyError when unknown)."""
        ...

    def is_opcode(self, opcode: str) -> bool: ...

    def inverted_branch(self, opcode: str) -> str:
        """The conditional branch taken exactly when `opcode`'s is not."""
        ...

    def spill_opcode(self, size: int, vector: bool) -> str:
        """The store of a `size`-byte value of the integer or vector class to its slot."""
        ...

    def reload_opcode(self, size: int, vector: bool) -> str:
        """The load of a whole `size`-byte spill slot into a register of its class."""
        ...

    def frame_base_register(self, mf: MFunction) -> str:
        """The register frame-slot addresses are relative to, after frame lowering."""
        ...

    def is_vector_vreg(self, mf: MFunction, vreg: int) -> bool:
        """Is virtual register `vreg` of the vector (floating-point) class?"""
        ...

    def set_vector_vreg(self, mf: MFunction, vreg: int) -> None:
        """Put virtual register `vreg` in the vector class (the MIR parser)."""
        ...

    def constant_pool(self, mf: MFunction) -> dict[str, bytes]:
        """The function's read-only constants by label (the dict itself, to fill)."""
        ...


_current: list[Target] = []


def use_target(target: Target) -> None:
    """Make `target` the one the neutral back end describes (the pipeline does)."""
    _current[:] = [target]


def current() -> Target:
    if not _current:
        raise RuntimeError("no target installed: import atomc.codegen.pipeline")
    return _current[0]


def desc(opcode: str) -> OpcodeInfo:
    """`current().desc(opcode)`, the call every neutral pass makes."""
    return _current[0].desc(opcode)
