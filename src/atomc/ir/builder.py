"""IR builder: an insertion point, a current source location (given when the
builder is made: a `DILocation` or the explicit `ARTIFICIAL`), and the Key
Instructions atom-group helpers the front end annotates source atoms with.

Atom helpers follow Clang 22's CGDebugInfo rules (see
shared/specs/key-instructions.md §5.2): `atom_group()` opens a group scope
(numbered per function from 1, unused numbers recycled on exit);
`add_to_atom(key, backup)` gives the key instruction rank 1, the backup rank 2
and each cast behind the backup ranks 3, 4, ... (saturating at 7). An existing
strictly better rank is never overwritten; an equal rank is (the later call wins).
Annotation is a no-op unless the function's subprogram has key_instructions.
"""

from __future__ import annotations

from collections.abc import Sequence

from .debuginfo import ARTIFICIAL, DILocation, Loc, stored_loc
from .function import Block, Function
from .insts import (
    CAST_OPS,
    Alloca,
    Binary,
    Branch,
    Call,
    Cast,
    Cmp,
    DynAlloca,
    Extract,
    Inst,
    Jump,
    Load,
    MemCopy,
    MemSet,
    Op,
    PtrAdd,
    Ret,
    Select,
    StackRestore,
    StackSave,
    Store,
    Switch,
    Unreachable,
    VaStart,
)
from .types import Type
from .values import Value

MAX_ATOM_RANK = 7


class Builder:
    __slots__ = ("function", "block", "loc", "_current_group", "_next_group",
                 "_max_used_group")

    def __init__(self, function: Function, loc: Loc) -> None:
        self.function = function
        self.block: Block | None = None
        stored_loc(loc)  # a missing location is a TypeError here, not at the first instruction
        self.loc: Loc = loc
        self._current_group = 0
        self._next_group = 1
        self._max_used_group = 0

    # -- position and location ----------------------------------------------
    def position_at_end(self, block: Block) -> None:
        self.block = block

    def at(self, loc: Loc | None) -> BuildAt:
        """Build at `loc` inside the block. `None` is accepted here only, as the front
        end's spelling of ARTIFICIAL (its positions are `DILocation | None`)."""
        return BuildAt(self, loc)

    def insert(self, inst: Inst) -> Inst:
        block = self.block
        assert block is not None, "builder has no insertion block"
        inst.block = block  # Block.append, inline: every instruction built comes here
        block.insts.append(inst)
        return inst

    @property
    def terminated(self) -> bool:
        return self.block is None or self.block.terminator is not None

    # -- atom groups ------------------------------------------------------------
    @property
    def key_instructions(self) -> bool:
        sp = self.function.subprogram
        return sp is not None and sp.key_instructions

    def atom_group(self) -> AtomGroup | NoAtomGroup:
        """A source atom scope: instructions added with `add_to_atom` join it. Without
        Key Instructions nothing is annotated, and no group is numbered."""
        if not self.key_instructions:
            return NO_ATOM_GROUP
        return AtomGroup(self)

    def _open_group(self) -> int:
        """Start a new atom group; the one it replaces (for `_close_group`)."""
        saved = self._current_group
        self._current_group = self._next_group
        self._next_group += 1
        return saved

    def _close_group(self, saved: int) -> None:
        self._current_group = saved
        self._next_group = min(self._next_group, self._max_used_group + 1)

    @property
    def current_group(self) -> int:
        return self._current_group

    def add_to_atom(self, key: Inst | None, backup: Value | None = None,
                    group: int | None = None) -> None:
        """Annotate `key` (rank 1) and its backup chain in the current (or given) group."""
        g = self._current_group if group is None else group
        if g == 0 or not self.key_instructions:
            return
        if key is not None:
            self._annotate(key, g, 1)
        if not isinstance(backup, Inst):
            return
        self._annotate(backup, g, 2)
        rank = 3
        cur: Value = backup
        while isinstance(cur, Inst) and cur.op in CAST_OPS:
            nxt = cur.operand(0)
            if not isinstance(nxt, Inst):
                break
            self._annotate(nxt, g, rank)
            rank = min(rank + 1, MAX_ATOM_RANK)
            cur = nxt

    def add_to_new_atom(self, key: Inst | None, backup: Value | None = None) -> int:
        """Annotate `key` and its backup chain in a group of their own: its number (0
        without Key Instructions, where nothing is annotated)."""
        if not self.key_instructions:
            return 0
        saved = self._open_group()
        g = self._current_group
        try:
            self.add_to_atom(key, backup)
        finally:
            self._close_group(saved)
        return g

    def _annotate(self, inst: Inst, group: int, rank: int) -> None:
        loc = inst.loc
        if loc is None or loc.line == 0 or group == 0:
            return
        rank = min(rank, MAX_ATOM_RANK)
        if loc.atom_group and 0 < loc.atom_rank < rank:
            return
        inst.loc = loc.with_atom(group, rank)
        self._max_used_group = max(self._max_used_group, group)
        module = self.function.module
        if module is not None:
            module.atoms.saw(inst.loc)

    # -- instruction constructors ------------------------------------------------
    def binary(self, op: Op, lhs: Value, rhs: Value) -> Inst:
        return self.insert(Binary(op, lhs, rhs, loc=self.loc))

    def cmp(self, pred: str, lhs: Value, rhs: Value, float_cmp: bool = False) -> Inst:
        return self.insert(Cmp(pred, lhs, rhs, loc=self.loc, float_cmp=float_cmp))

    def cast(self, op: Op, value: Value, to: Type) -> Inst:
        return self.insert(Cast(op, value, to, loc=self.loc))

    def alloca(self, size: int, align: int, name: str = "") -> Inst:
        return self.insert(Alloca(size, align, loc=self.loc, name=name))

    # the loads and stores (a third of what the front end builds) appended inline
    def load(self, ty: Type, ptr: Value, volatile: bool = False) -> Inst:
        inst = Load(ty, ptr, loc=self.loc, volatile=volatile)
        block = self.block
        assert block is not None, "builder has no insertion block"
        inst.block = block
        block.insts.append(inst)
        return inst

    def store(self, value: Value, ptr: Value, volatile: bool = False) -> Inst:
        inst = Store(value, ptr, loc=self.loc, volatile=volatile)
        block = self.block
        assert block is not None, "builder has no insertion block"
        inst.block = block
        block.insts.append(inst)
        return inst

    def ptradd(self, ptr: Value, offset: Value) -> Inst:
        return self.insert(PtrAdd(ptr, offset, loc=self.loc))

    def memcpy(self, dst: Value, src: Value, size: int, align: int, volatile: bool = False) -> Inst:
        return self.insert(MemCopy(dst, src, size, align, loc=self.loc, volatile=volatile))

    def memset(self, dst: Value, byte: Value, size: int, align: int) -> Inst:
        return self.insert(MemSet(dst, byte, size, align, loc=self.loc))

    def select(self, cond: Value, a: Value, b: Value) -> Inst:
        return self.insert(Select(cond, a, b, loc=self.loc))

    def call(self, callee: Value, args: Sequence[Value], ret: Type, *,
             fixed_args: int | None = None,
             byval: Sequence[tuple[int, int] | None] | None = None) -> Inst:
        return self.insert(Call(callee, args, ret, loc=self.loc, fixed_args=fixed_args,
                                byval=byval))

    def extract(self, agg: Value, index: int) -> Inst:
        return self.insert(Extract(agg, index, loc=self.loc))

    def dynalloca(self, size: Value, align: int) -> Inst:
        return self.insert(DynAlloca(size, align, loc=self.loc))

    def stacksave(self) -> Inst:
        return self.insert(StackSave(loc=self.loc))

    def stackrestore(self, ptr: Value) -> Inst:
        return self.insert(StackRestore(ptr, loc=self.loc))

    def va_start(self, ptr: Value) -> Inst:
        return self.insert(VaStart(ptr, loc=self.loc))

    def jump(self, target: Block, args: Sequence[Value] = ()) -> Inst:
        return self.insert(Jump(target, args, loc=self.loc))

    def branch(self, cond: Value, then: Block, els: Block) -> Inst:
        return self.insert(Branch(cond, then, els, loc=self.loc))

    def switch(self, value: Value, default: Block, cases: Sequence[tuple[int, Block]]) -> Inst:
        return self.insert(Switch(value, default, cases, loc=self.loc))

    def ret(self, values: Sequence[Value] = ()) -> Inst:
        return self.insert(Ret(values, loc=self.loc))

    def unreachable(self) -> Inst:
        return self.insert(Unreachable(loc=self.loc))


class NoAtomGroup:
    """`Builder.atom_group` without Key Instructions: opens no group (one shared
    object; the lowering opens one for every assignment)."""

    __slots__ = ()

    def __enter__(self) -> int:
        return 0

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        pass


NO_ATOM_GROUP = NoAtomGroup()


class AtomGroup:
    """`Builder.atom_group`'s context (the group's number on entry). A class for the
    reason `BuildAt` is one: the front end opens one for every assignment."""

    __slots__ = ("builder", "saved")
    builder: Builder
    saved: int

    def __init__(self, builder: Builder) -> None:
        self.builder = builder

    def __enter__(self) -> int:
        b = self.builder
        self.saved = b._open_group()
        return b._current_group

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        self.builder._close_group(self.saved)


class BuildAt:
    """`Builder.at`'s context: the builder's location is `loc` inside it and what it
    was before once it ends. A class, not a generator context manager: the front end
    enters one for every expression and statement it lowers, and contextlib's
    generator protocol cost several times the work done here."""

    __slots__ = ("builder", "loc", "saved")
    builder: Builder
    loc: Loc | None
    saved: Loc

    def __init__(self, builder: Builder, loc: Loc | None) -> None:
        self.builder = builder
        self.loc = loc

    def __enter__(self) -> None:
        b = self.builder
        self.saved = b.loc
        loc = self.loc
        b.loc = loc.without_atom() if isinstance(loc, DILocation) else ARTIFICIAL

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        self.builder.loc = self.saved
