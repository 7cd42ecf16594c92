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

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import auto
from typing import TYPE_CHECKING, Any, Final, Protocol

import atomc.fastenum as fastenum

if TYPE_CHECKING:
    from .mir.core import MFunction

__all__ = ["Arith", "Extension", "OpcodeInfo", "RegisterFile", "Target", "current", "desc",
           "is_jump", "is_move32", "use_target"]


class Arith(fastenum.Enum):
    """The exact arithmetic an instruction applies to its destination register,
    `dst = dst OP src` (or `dst = src * k` with three operands), in its `width`:
    what debug info can describe, undo or rebuild from another register."""

    ADD = auto()
    SUB = auto()
    AND = auto()
    OR = auto()
    XOR = auto()
    MUL = auto()
    SHL = auto()
    SHR = auto()  # logical
    SAR = auto()  # arithmetic


@dataclass(frozen=True, slots=True)
class Extension:
    """A register's low `from_bits` widened to `to_bits`, by sign or by zeros."""

    signed: bool
    from_bits: int
    to_bits: int


@dataclass(frozen=True, slots=True)
class OpcodeInfo:
    """One row of a target's opcode table, as target-neutral passes read it (a target
    builds its table of these; the defaults are what an ordinary instruction has)."""

    roles: tuple[str, ...]  # per explicit operand: read "u", written "d" or both "ud"
    implicit_uses: tuple[str, ...] = ()
    implicit_defs: tuple[str, ...] = ()
    is_branch: bool = False  # a jump (operand 0 is the target block)
    is_cond_branch: bool = False
    is_return: bool = False
    is_call: bool = False
    is_terminator: bool = False
    is_move: bool = False  # plain register/memory copy of one width
    # inline asm: any number of explicit (memory) operands, all read; reads and
    # writes memory and flags; nothing is scheduled across it
    is_inline_asm: bool = False
    # reads and writes the x87 register stack, which no operand names: x87
    # instructions keep their order among themselves
    x87: bool = False
    # What the instruction computes, for the passes and the debug info that reason
    # about values (0, None, False: nothing they may rely on)
    width: int = 0  # the bits of its integer operands (of the scalar, for a vector op)
    vector: bool = False  # works on the vector (floating-point) register class
    arith: Arith | None = None
    extend: Extension | None = None
    is_address: bool = False  # computes its memory operand's address, touching no memory
    # a move whose destination ends equal to its source in every bit its class's
    # values use: a register copied to itself is unchanged
    copies_whole: bool = False
    # a move that puts an immediate operand in a register (zero-extended from `width`)
    loads_immediate: bool = False
    reads_flags: bool = False
    writes_flags: bool = False
    # cycles the scheduler waits for a long operation (division, multiplication)
    latency: int = 1
    string_op: bool = False  # reads and writes memory that implicit registers address
    stack_op: bool = False  # pushes or pops: the memory below the stack pointer
    # the -O0 allocator's folding of a home slot into the instruction
    fold_def: bool = False  # a written-only operand may be a memory operand


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

    def is_vector(self, name: str) -> bool:
        """Is register `name` of the vector (floating-point) class?"""
        return name in self.vector_allocatable or name in self.vector_scratch


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

    def extend_opcode(self, extension: Extension) -> str:
        """The register-to-register extension `extension` describes."""
        ...

    def address_opcode(self, size: int) -> str:
        """The instruction writing its memory operand's address to a `size`-byte register."""
        ...

    def nop_opcode(self) -> str:
        """An instruction that does nothing (it can hold a line)."""
        ...

    def frame_base_register(self, mf: MFunction) -> str:
        """The register frame-slot addresses are relative to, after frame lowering."""
        ...

    def is_vector_vreg(self, mf: MFunction, vreg: int) -> bool:
        """Is virtual register `vreg` of the vector (floating-point) class?"""
        ...

    def vector_vregs(self, mf: MFunction) -> Collection[int]:
        """Every virtual register of the vector class (asked once per function by a
        pass that would otherwise ask `is_vector_vreg` of each register)."""
        ...

    def set_vector_vreg(self, mf: MFunction, vreg: int) -> None:
        """Put virtual register `vreg` in the vector class (the MIR parser)."""
        ...

    def constant_pool(self, mf: MFunction) -> dict[str, bytes]:
        """The function's read-only constants by label (the dict itself, to fill)."""
        ...


_current: Final[list[Target]] = []
# The installed target's descriptions by opcode, filled on first ask: `desc` runs
# half a million times on one large file, and a dict hit is one call cheaper
# than the target's own method.
_desc_of: Final[dict[str, OpcodeInfo]] = {}
# Tables derived from the installed target's descriptions (`target_cache`), emptied
# when another is installed: their lookups need not ask which target is current.
_derived: Final[list[dict[str, Any]]] = [_desc_of]


def use_target(target: Target) -> None:
    """Make `target` the one the neutral back end describes (the pipeline does)."""
    _current[:] = [target]
    for table in _derived:
        table.clear()


def target_cache() -> dict[str, Any]:
    """A table by opcode of facts derived from the installed target's
    descriptions, emptied whenever a target is installed."""
    table: dict[str, Any] = {}
    _derived.append(table)
    return table


def current() -> Target:
    if not _current:
        raise RuntimeError("no target installed: import atomc.codegen.pipeline")
    return _current[0]


def desc(opcode: str) -> OpcodeInfo:
    """`current().desc(opcode)`, the call every neutral pass makes."""
    d = _desc_of.get(opcode)
    if d is None:
        d = _desc_of[opcode] = _current[0].desc(opcode)
    return d


def is_jump(opcode: str) -> bool:
    """Is `opcode` the unconditional direct branch (operand 0 is its target block)?"""
    d = desc(opcode)
    return d.is_branch and not d.is_cond_branch


def is_move32(opcode: str) -> bool:
    """Is `opcode` the 32-bit general-register move? Copying a register to itself
    with it still changes the register: the write clears the bits above 32."""
    d = desc(opcode)
    return d.is_move and not d.vector and d.width == 32
