"""Cloning instructions and regions of blocks, with their debug records.

Every clone maps its operands through a value map (unmapped values are kept),
copies the instruction's debug records (with fresh identities; `key` links
are remapped inside the clone), and passes each new location through a
`loc_map` callback chosen by the caller (edge arguments' assignment locations
too): the identity for unrolling and jump
threading (followed by `locations.remap_atoms`, so every copy of an atom gets
a fresh group), an inlined-at rewrite for inlining.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .dbgrecords import DbgRecord
from .debuginfo import DILocation
from .function import Block, Function
from .insts import Call, EdgeArg, Inst, Succ, Switch, arg_loc
from .rewrite import append_blocks
from .values import Use, Value

LocMap = Callable[[DILocation | None], DILocation | None]


def _same(loc: DILocation | None) -> DILocation | None:
    return loc


_SLOTS: dict[type, tuple[str, ...]] = {}  # instruction class -> every slot of its MRO


def _shallow_copy(inst: Inst) -> Inst:
    """`copy.copy` for an instruction, without the pickling protocol it goes
    through (`__reduce_ex__`, then a state dict rebuilt slot by slot): a quarter
    of the inliner's time on sqlite3, which clones 220k instructions."""
    cls = type(inst)
    names = _SLOTS.get(cls)
    if names is None:
        # a class compiled by mypyc lists its attributes in __mypyc_attrs__, not
        # __slots__
        names = _SLOTS[cls] = tuple(dict.fromkeys(
            n for k in cls.__mro__
            for n in (*getattr(k, "__slots__", ()), *getattr(k, "__mypyc_attrs__", ()))
            if n not in ("__dict__", "__weakref__")))
    new = cls.__new__(cls)  # not object.__new__: compiled (mypyc) classes refuse it
    for name in names:
        try:
            object.__setattr__(new, name, object.__getattribute__(inst, name))
        except AttributeError:
            pass  # a slot never set on this instruction stays unset
    d = getattr(inst, "__dict__", None)
    if d:
        new.__dict__.update(d)
    return new


class Cloner:
    """Clones instructions into new positions; remembers old -> new values."""

    def __init__(self, vmap: dict[Value, Value] | None = None,
                 bmap: dict[Block, Block] | None = None, loc_map: LocMap = _same) -> None:
        self.vmap: dict[Value, Value] = vmap if vmap is not None else {}
        self.bmap: dict[Block, Block] = bmap if bmap is not None else {}
        self.rmap: dict[DbgRecord, DbgRecord] = {}
        self.loc_map = loc_map
        self._fixups: list[Inst] = []

    def value(self, v: Value) -> Value:
        return self.vmap.get(v, v)

    def clone_inst(self, inst: Inst) -> Inst:
        """A detached copy of `inst`; operands and successors are remapped in `finish()`."""
        new = _shallow_copy(inst)  # copies every slot of the format class
        Value.__init__(new, inst.ty, inst.name)
        new.operands = [Use(new, u.value) for u in inst.operands]
        new.succs = [Succ(s.block, [self._arg(new, a) for a in s.args]) for s in inst.succs]
        new.block = None
        new.loc = self.loc_map(inst.loc)
        if isinstance(inst, Call) and isinstance(new, Call):
            new.byval = list(inst.byval)
        if isinstance(inst, Switch) and isinstance(new, Switch):
            new.values = list(inst.values)
        new.dbg_records = []
        for rec in inst.dbg_records:
            r = DbgRecord(rec.kind, rec.var, rec.value, rec.expr,
                          loc=self.loc_map(rec.loc) or rec.loc, key=rec.key, why=rec.why)
            r.stmt = self.loc_map(rec.stmt) if rec.stmt is not None else None
            self.rmap[rec] = r
            new.add_dbg_record(r)
        self.vmap[inst] = new
        self._fixups.append(new)
        return new

    def _arg(self, new: Inst, a: Use) -> Use:
        """An edge argument's copy; one carrying an assignment keeps it (through `loc_map`)."""
        at = self.loc_map(arg_loc(a))
        return Use(new, a.value) if at is None else EdgeArg(new, a.value, at)

    def clone_block(self, block: Block, fn: Function, name_suffix: str = ".c") -> Block:
        nb = Block(block.name + name_suffix if block.name else "", block.source_label)
        nb.function = fn
        for p in block.params:
            self.vmap[p] = nb.add_param(p.ty, p.name)
        self.bmap[block] = nb
        for inst in block.insts:
            nb.append(self.clone_inst(inst))
        return nb

    def finish(self) -> None:
        """Remap operands, successors and record links of everything cloned so far."""
        for inst in self._fixups:
            for u in inst.all_uses():
                mapped = self.vmap.get(u.value)
                if mapped is not None and mapped is not u.value:
                    u.set(mapped)
            for s in inst.succs:
                s.block = self.bmap.get(s.block, s.block)
            for rec in inst.dbg_records:
                v = rec.value
                if v is not None and v in self.vmap:
                    rec.set_value(self.vmap[v])
                if rec.key is not None:
                    rec.key = self.rmap.get(rec.key, rec.key)
        self._fixups.clear()


def clone_region(blocks: Iterable[Block], fn: Function, cloner: Cloner,
                 suffix: str = ".c") -> list[Block]:
    """Clone `blocks` (appended to `fn` after the last original), edges inside the
    region redirected to the copies, edges leaving it kept."""
    blocks = list(blocks)
    new_blocks = [cloner.clone_block(b, fn, suffix) for b in blocks]
    cloner.finish()
    append_blocks(fn, new_blocks)
    return new_blocks
