"""Register locations for variables that stay in memory (multi-location `add`/`delete`).

A variable whose address is taken keeps its stack slot: its only record is the
memory home `new %slot, (deref)`. Yet right after `store v, %slot` (or
`%v = load %slot`) the SSA value `v` holds exactly the variable's value too, and
the back end usually has it in a register. This pass says so, as the
multi-location proposal intends, instead of betting on one location:

* after a whole-slot, non-volatile store or load of the home's slot, an `add`
  of the stored (or loaded) value tied to the home's `new`, so the variable is
  described both in memory and in the value's register;
* before the first later instruction of the block that may write memory (any
  store, call, memcpy, memset, va_start or inline asm: the slot's address has
  escaped, so any of them may change the variable) a `delete` of that `add`,
  since the register then stops being known to hold the variable's value.
  A branch also ends it (its successors are not looked at); `ret` does not
  need to.

Only homes that are the single `new` of their piece in the function are
considered (so the home is current everywhere it dominates), and only values
computed by instructions, arguments or block parameters (constants add
nothing a register could hold). Runs last in the pipeline, so the records it
writes are the ones the back end sees. Instructions are untouched (LOCS,
VALUES, SCOPES kept).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import (
    EMPTY_EXPR,
    MEMORY_WRITERS,
    Alloca,
    Arg,
    BlockParam,
    DbgKind,
    DbgRecord,
    DIExpression,
    Function,
    Inst,
    Load,
    Store,
    Value,
)
from ..ir.dominators import DomTree, dominators_of_function
from .passmanager import DI, FunctionPass, PassContext
from .registry import register


def _piece(rec: DbgRecord) -> tuple[int, object, object]:
    inl = rec.loc.inlined_at if rec.loc is not None else None
    return (id(rec.var), rec.expr.fragment, inl)


def _homes(fn: Function) -> dict[int, list[DbgRecord]]:
    """id(slot) -> the memory homes of that slot that are their piece's only `new`."""
    news: dict[tuple[int, object, object], int] = {}
    candidates: list[DbgRecord] = []
    for inst in fn.insts():
        for r in inst.dbg_records:
            if r.kind is not DbgKind.NEW:
                continue
            news[_piece(r)] = news.get(_piece(r), 0) + 1
            if isinstance(r.value, Alloca) and r.expr.is_deref:
                candidates.append(r)
    out: dict[int, list[DbgRecord]] = {}
    for r in candidates:
        if news[_piece(r)] == 1:
            out.setdefault(id(r.value), []).append(r)
    return out


def _fits(home: DbgRecord, v: Value) -> bool:
    """Does `v` (whole-slot access) describe the home's whole piece?"""
    slot = home.value
    assert isinstance(slot, Alloca)
    if v.ty.size != slot.size:
        return False
    frag = home.expr.fragment
    return frag is None or frag[1] == v.ty.size * 8


def _dominates(dom: DomTree, home: DbgRecord, inst: Inst) -> bool:
    hi = home.inst
    assert hi is not None and hi.block is not None and inst.block is not None
    if hi.block is inst.block:  # a record on `inst` itself takes effect before it
        return hi.block.insts.index(hi) <= inst.block.insts.index(inst)
    return dom.dominates(hi.block, inst.block)


class MemValueLocations(FunctionPass):
    """Add register locations to memory-resident variables. Debug info: see module docstring."""

    name: ClassVar[str] = "mem-value-locs"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        homes = _homes(fn)
        if not homes:
            return False
        dom = dominators_of_function(fn)
        n = 0
        for block in fn.blocks:
            if not dom.is_reachable(block):
                continue
            live: list[DbgRecord] = []  # adds not yet ended in this block
            for inst in list(block.insts):
                if inst.op in MEMORY_WRITERS or (inst.is_terminator and inst.succs):
                    for a in live:  # this instruction may change the variable
                        _attach(DbgRecord(DbgKind.DELETE, a.var, None, EMPTY_EXPR, loc=a.loc,
                                          key=a), inst)
                    live = []
                if isinstance(inst, Store) and not inst.volatile:
                    slot, v = inst.ptr, inst.value
                elif isinstance(inst, Load) and not inst.volatile:
                    slot, v = inst.ptr, inst
                else:
                    continue
                if not isinstance(v, (Inst, Arg, BlockParam)):
                    continue
                nxt = block.insts[block.insts.index(inst) + 1]
                if nxt.op in MEMORY_WRITERS or nxt.is_terminator:
                    continue  # the register location would cover no instruction
                for home in homes.get(id(slot), ()):
                    if not _fits(home, v) or not _dominates(dom, home, inst):
                        continue
                    if any(a.key is home for a in live):
                        continue  # a load after the store: the same value, already added
                    frag = DIExpression(home.expr.ops[-3:]) if home.expr.fragment else EMPTY_EXPR
                    add = DbgRecord(DbgKind.ADD, home.var, v, frag, loc=home.loc, key=home)
                    _attach(add, nxt)
                    live.append(add)
                    n += 1
        ctx.count("mem-value-locs.adds", n)
        return n > 0


register(MemValueLocations)


def _attach(rec: DbgRecord, before: Inst) -> None:
    """Put `rec` in front of `before`'s records: those describe later program points."""
    rec.inst = before
    before.dbg_records.insert(0, rec)
