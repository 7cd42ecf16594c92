"""The machine code as LiveDebugValues sees it, and what it produces.

The analysis never looks at real machine instructions: the back end describes
each one as an `MInstView` (what it defines, whether it is a copy, a spill, a
restore or a call, its debug instruction number), and each debug instruction
as a `DebugValue` (a variable assignment) or a `DebugPhi`. That keeps the
algorithm testable on hand-written functions (the spec's conformance cases)
and independent of instruction selection.

Positions: real (non-debug) instructions are numbered 0, 1, 2, ... in layout
order over the whole function. A range `[start, end)` runs from the address
right after instruction `start` (-1: the function's first address) to the
address right after instruction `end`, so the clobbering instruction `end` is
still inside it, as in LLVM.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar
from weakref import WeakValueDictionary

import atomc.fastenum as fastenum

from ....dwarf.locexpr import LocExpr
from ....ir.dbgrecords import DbgKind


class LocKind(fastenum.Enum):
    """What a machine location is. Registers sort before slots."""

    REG = 0
    SLOT = 1


_Interned = TypeVar("_Interned")


def _made(cls: type[_Interned], **fields: object) -> _Interned:
    """A new object of an interned, immutable class (MLoc, VarWhole, VarKey: their
    `__setattr__` refuses), with its fields set."""
    obj = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(obj, name, value)
    return obj


class MLoc:
    """A machine location: a register (DWARF number) or a spill slot.

    Interned: `MLoc(kind, num)` returns the one object for that location, so
    equality is identity and hashing is the C-level identity hash. The analysis
    hashes locations, and values that contain them, millions of times. One
    intern table per kind, keyed by the number: an enum member in the key would
    hash through `Enum.__hash__`, a Python call, on every lookup."""

    __slots__ = ("kind", "num", "_order")
    kind: LocKind
    num: int  # DWARF register number, or frame offset of the slot (CFA-relative)
    _order: tuple[int, int]  # (kind, num): the sort key, made once

    def __new__(cls, kind: LocKind, num: int) -> MLoc:
        table = _REGS if kind is LocKind.REG else _SLOTS
        loc = table.get(num)
        if loc is None:
            loc = table[num] = _made(cls, kind=kind, num=num, _order=(kind.value, num))
        return loc

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("MLoc is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        return (MLoc, (self.kind, self.num))

    def __lt__(self, other: MLoc) -> bool:
        return self._order < other._order

    def __le__(self, other: MLoc) -> bool:
        return self._order <= other._order

    def __gt__(self, other: MLoc) -> bool:
        return self._order > other._order

    def __ge__(self, other: MLoc) -> bool:
        return self._order >= other._order

    def __repr__(self) -> str:
        return f"MLoc(kind={self.kind}, num={self.num!r})"

    def __str__(self) -> str:
        return f"{'R' if self.kind is LocKind.REG else 'SLOT'}{self.num}"


_REGS: dict[int, MLoc] = {}
_SLOTS: dict[int, MLoc] = {}


def reg(n: int) -> MLoc:
    loc = _REGS.get(n)
    return loc if loc is not None else MLoc(LocKind.REG, n)


def slot(n: int) -> MLoc:
    loc = _SLOTS.get(n)
    return loc if loc is not None else MLoc(LocKind.SLOT, n)


class VarWhole:
    """A variable instance without its fragment (`VarKey.whole`): the key under
    which the pieces of one variable are found. Interned like VarKey."""

    __slots__ = ("var", "inlined_at", "__weakref__")
    var: Hashable
    inlined_at: object | None

    def __new__(cls, var: Hashable, inlined_at: object | None = None) -> VarWhole:
        ident = (var, inlined_at)
        whole = _WHOLES.get(ident)
        if whole is None:
            whole = _WHOLES[ident] = _made(cls, var=var, inlined_at=inlined_at)
        return whole

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("VarWhole is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        return (VarWhole, (self.var, self.inlined_at))

    def __repr__(self) -> str:
        return f"VarWhole(var={self.var!r}, inlined_at={self.inlined_at!r})"


class VarKey:
    """A variable instance: the variable, its inlined-at site and a fragment.

    Interned, as MLoc is: `VarKey(...)` returns the one object for those fields,
    so equality is identity and hashing is the C-level identity hash.
    LiveDebugValues keys its per-variable tables by VarKey (variables x blocks
    lookups); a Python-level `__hash__` on each was 7% of its time on sqlite3.
    The intern table holds the keys weakly: one lives while something names it."""

    __slots__ = ("var", "inlined_at", "fragment", "is_param", "whole", "__weakref__")
    var: Hashable  # DILocalVariable (any hashable in tests)
    inlined_at: object | None
    fragment: tuple[int, int] | None  # (offset_bits, size_bits)
    is_param: bool  # may use entry values
    whole: VarWhole  # (var, inlined_at): the key its fragments share

    def __new__(cls, var: Hashable, inlined_at: object | None = None,
                fragment: tuple[int, int] | None = None, is_param: bool = False) -> VarKey:
        ident = (var, inlined_at, fragment, is_param)
        key = _KEYS.get(ident)
        if key is None:
            key = _KEYS[ident] = _made(cls, var=var, inlined_at=inlined_at, fragment=fragment,
                                       is_param=is_param, whole=VarWhole(var, inlined_at))
        return key

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("VarKey is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        return (VarKey, (self.var, self.inlined_at, self.fragment, self.is_param))

    def __repr__(self) -> str:
        return (f"VarKey(var={self.var!r}, inlined_at={self.inlined_at!r}, "
                f"fragment={self.fragment!r}, is_param={self.is_param!r})")

    def overlaps(self, other: VarKey) -> bool:
        if self.whole is not other.whole:
            return False
        if self.fragment is None or other.fragment is None:
            return True
        a0, an = self.fragment
        b0, bn = other.fragment
        return a0 < b0 + bn and b0 < a0 + an


_KEYS: WeakValueDictionary[tuple[object, ...], VarKey] = WeakValueDictionary()
_WHOLES: WeakValueDictionary[tuple[object, ...], VarWhole] = WeakValueDictionary()


@dataclass(frozen=True, slots=True)
class InstrRef:
    """`DBG_INSTR_REF`: the value defined by def operand `op` of instruction `num`."""

    num: int
    op: int = 0


@dataclass(frozen=True, slots=True)
class ConstOp:
    """A constant operand; `frame`: the address `value` bytes from the CFA (a frame
    object's address, as an inlined `p = &x` has); `symbol`: the address `value`
    bytes past that assembler symbol (a global's or string literal's address,
    see `location_lists.loc_expr`)."""

    value: int
    frame: bool = False
    symbol: str | None = None


DebugOperand = InstrRef | ConstOp | MLoc | None  # None: explicitly undefined


@dataclass(frozen=True, slots=True)
class DebugValue:
    """A variable record (the IR's kinds, ir/dbgrecords.py). `NEW` assigns the
    variable; `ADD` says the value of the `NEW` whose token is `key` is also in
    `operand`; `DELETE` ends the location that the record with token `key` added. `expr`:
    arithmetic (DWARF ops, no fragment) computing the variable from the operand."""

    var: VarKey
    operand: DebugOperand
    kind: DbgKind = DbgKind.NEW
    token: int = 0
    key: int = 0
    expr: LocExpr = ()
    why: object | None = None  # a `new` without operand: the IR's reason (ir.why.Why)


@dataclass(frozen=True, slots=True)
class DebugPhi:
    """`DBG_PHI`: the value in `loc` here is the one numbered `num`."""

    loc: MLoc
    num: int


@dataclass(frozen=True, slots=True)
class Derivation:
    """`dst` after the instruction is `ops` applied to the value `src` held before
    it, in its low `bits`, given the source's low `reads` bits (None: given as
    many low bits of the source as it wants of the result: wrap-around and
    bitwise ops); `undo`, when not None, gives that source value back from the
    result, in its low `undo_bits` (ldv/derived.py)."""

    src: MLoc
    dst: MLoc
    ops: LocExpr
    bits: int
    undo: LocExpr | None = None
    undo_bits: int = 0
    reads: int | None = None


@dataclass(slots=True, unsafe_hash=True)
class MInstView:
    """One instruction as LiveDebugValues sees it. A value nothing writes after it
    is made, though not frozen: one is made per instruction (11k for lua's
    lvm.c) and a frozen dataclass's `__init__` (an `object.__setattr__` call per
    field, 21 fields) costs 3x a plain one's."""

    defs: tuple[MLoc, ...] = ()  # def operand k is defs[k]
    uses: tuple[MLoc, ...] = ()
    instr_num: int = 0
    copy: tuple[MLoc, MLoc] | None = None  # (dst, src) register move
    kills_src: bool = False
    spill: tuple[MLoc, MLoc] | None = None  # (slot, src register)
    restore: tuple[MLoc, MLoc] | None = None  # (dst register, slot)
    # bits a copy, spill or restore moves (`movl`: 32): a narrower one leaves its
    # destination's upper bits zero or stale, unlike its source's
    move_bits: int = 64
    call: bool = False  # clobbers every caller-saved register
    imm: int | None = None  # the constant a move-immediate writes into defs[0] (all 64 bits)
    # (symbol, offset, bits): defs[0] holds `bits` bits of read-only memory at symbol +
    # offset in its low bits (a load from a constant, static_loads.py)
    static: tuple[str, int, int] | None = None
    # defs[0] = (value of register `offset[0]` before this instruction) + offset[1]
    # (lea k(%base), add/sub $k): lets a call-site value name a preserved base
    offset: tuple[MLoc, int] | None = None
    offset_bits: int = 64  # the width of that add (32: `addl`, `leal`, `subl`)
    # the address constant `leaq` wrote into defs[0] (a frame object's, CFA-relative,
    # or a symbol's): like `imm`, a value that needs no holder to be described
    address: ConstLoc | None = None
    zero_above: int = 64  # defs[0] is zero from this bit up (32: any 32-bit register write)
    derive: Derivation | None = None  # what it computes from the register it reads
    debug: DebugValue | DebugPhi | None = None  # a debug (meta) instruction
    # What `InstrRef(num, k)` names when operand k is not defs[k]: the location
    # written by operand k (None where operand k is not a register def).
    def_operands: tuple[MLoc | None, ...] = ()

    @property
    def is_debug(self) -> bool:
        return self.debug is not None


@dataclass(frozen=True, slots=True)
class MBlockView:
    insts: tuple[MInstView, ...]
    succs: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class HomeFact:
    """A memory home as one fact: `record` (a `new` naming a frame slot) holds
    again at the entry of every block that starts a machine block (see
    `MFunctionView.starts`) among those in `reach` (bit b: view block b, every
    part of the blocks reachable from where the home starts), as if it were
    restated there ahead of the block's own instructions, in the order the homes
    are listed. The analysis applies it where it can change something instead
    of carrying the record through every block (ldv/homes.py). The record
    itself, where the home starts, is an ordinary instruction."""

    record: DebugValue
    reach: int

    def restated(self, starts: int) -> int:
        """The blocks whose entry restates it (a mask)."""
        return self.reach & starts


@dataclass(frozen=True, slots=True)
class MFunctionView:
    blocks: tuple[MBlockView, ...]
    caller_saved: frozenset[MLoc]
    saved_csrs: frozenset[MLoc] = frozenset()  # callee-saved registers this function saves
    substitutions: Mapping[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    frame_regs: frozenset[MLoc] = frozenset()  # stack and frame pointer: no entry values
    # slots holding their value only in their low bytes (incoming_args.py): a variable
    # may live there, but no expression or call-site value reads one
    narrow_slots: frozenset[MLoc] = frozenset()
    homes: tuple[HomeFact, ...] = ()  # memory homes restated by block (HomeFact)
    # the blocks that start a machine block (bit b: view block b); any other one is
    # a later part of the block before it, its only predecessor (-1: all do)
    starts: int = -1


# -- results ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ConstLoc:
    value: int
    frame: bool = False  # the address `value` bytes from the CFA (see ConstOp)
    symbol: str | None = None  # the address `value` bytes past this symbol (see ConstOp)

    def __str__(self) -> str:
        if self.symbol is not None:
            return f"address {self.symbol}{self.value:+d}"
        return f"frame address {self.value}" if self.frame else f"const {self.value}"


@dataclass(frozen=True, slots=True)
class EntryValueLoc:
    reg: MLoc

    def __str__(self) -> str:
        return f"entry_value({self.reg})"


@dataclass(frozen=True, slots=True)
class ComputedLoc:
    """The variable is `ops` (DWARF ops) applied to the value in `base`."""

    base: MLoc | ConstLoc | EntryValueLoc
    ops: LocExpr

    def __str__(self) -> str:
        return f"{self.base} {' '.join(o.name for o in self.ops)}"


@dataclass(frozen=True, slots=True)
class PiecesLoc:
    """The variable's bytes in registers, in order: (register, bytes) each (a
    struct argument before the prologue stores it, prologue_pieces.py)."""

    parts: tuple[tuple[MLoc, int], ...]

    def __str__(self) -> str:
        return " ".join(f"{r} piece {n}" for r, n in self.parts)


VarLoc = MLoc | ConstLoc | EntryValueLoc | ComputedLoc | PiecesLoc


@dataclass(frozen=True, slots=True)
class VarRange:
    var: VarKey
    start: int
    end: int
    loc: VarLoc
    primary: bool = True  # False: an extra, overlapping location (multi mode)


@dataclass(frozen=True, slots=True)
class NoLoc:
    """Why a variable has no location from some position on. `why` is the IR's
    reason (an `ir.why.Why`) or one found here; `at`, when not None, is the real
    instruction whose line completes it (the last read of a clobbered value: dead
    after that line; the first assignment: not assigned yet until that line)."""

    why: Hashable  # (not object: see VarKey.var)
    at: int | None = None


# where a call moved a variable whose register it clobbered (outer_frames.py): its
# location before the call, the one the call left it in, and why none (or None)
Moved = tuple[VarLoc | None, VarLoc | None, NoLoc | None]


@dataclass(frozen=True, slots=True)
class WhyRange:
    """`[start, end)` (positions as in `VarRange`) where `var` has no location, and why."""

    var: VarKey
    start: int
    end: int
    reason: NoLoc
