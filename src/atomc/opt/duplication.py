"""The shared machinery of every pass that duplicates code (loop rotation,
jump threading / tail duplication, loop unrolling).

Cloning a region breaks SSA for values defined inside it and used outside
(their definition no longer dominates every use). Rather than repair SSA per
pass, values are first *demoted* to stack slots (a store after the definition,
a load before each use, including the uses of debug records), the region is
cloned, and mem2reg rebuilds SSA form — and the debug value records — over the
new control flow. The demotion loads that only debug records use are promoted
away by mem2reg like the others, so machine code never depends on -g.

Debug info: clones keep their lines, columns, scopes and inlined-at, and every
copy of a source atom gets a fresh atom group (`remap_atoms`), so each copy's
key instruction is a stop. Cloned records get fresh identities.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..ir import (
    ARTIFICIAL,
    DEREF_EXPR,
    Alloca,
    Block,
    Branch,
    DbgKind,
    DbgRecord,
    Function,
    Inst,
    Jump,
    Load,
    Module,
    Store,
    Switch,
    Use,
    Value,
)
from ..ir.blockorder import BlockOrder
from ..ir.cloning import Cloner
from ..ir.locations import remap_atoms
from ..ir.rewrite import (
    erase,
    insert_after,
    insert_at,
    insert_before,
    insert_blocks_after,
    make_unavailable,
    redirect_edge,
    unlink_blocks,
)


def demote(value: Value, fn: Function, keep_users: Iterable[Inst] = ()) -> Alloca:
    """Put `value` in a fresh stack slot: every use (except inside `keep_users`)
    reads it back with a load placed right before the user."""
    keep = {id(i) for i in keep_users}
    slot = Alloca(max(value.ty.size, 1), max(min(value.ty.size, 8), 1), loc=ARTIFICIAL,
                  name=value.name)
    insert_at(fn.entry, 0, slot)
    uses = list(value.uses)
    if isinstance(value, Inst):
        store = insert_after(Store(value, slot, loc=ARTIFICIAL), value)
    else:  # a block parameter: store on entry to its block
        blk = value.block  # type: ignore[attr-defined]
        _carry_join_records(value, blk, slot)
        store = Store(value, slot, loc=ARTIFICIAL)
        insert_at(blk, _first_non_alloca(blk), store)
    for use in uses:
        user = use.user
        if isinstance(user, DbgRecord):
            at = user.inst
            if at is None:
                continue
        else:
            at = user
        if id(at) in keep or at is store:
            continue
        load = insert_before(Load(value.ty, slot, loc=ARTIFICIAL), at)
        use.set(load)
    return slot


def _carry_join_records(param: Value, block: Block, slot: Alloca) -> None:
    """A variable that takes the parameter's value on entry to its block (the
    record mem2reg put at a join) becomes a memory home of the slot, so the
    final mem2reg gives every new join its own record of the merged value.
    The records are looked for in the whole block: demoting an earlier
    parameter of the block has already put its store in front of them."""
    for inst in list(block.insts):
        for rec in list(inst.dbg_records):
            if (rec.kind is DbgKind.NEW and rec.value is param and not rec.expr.ops
                    and rec.expr.fragment is None):
                inst.add_dbg_record(DbgRecord(DbgKind.NEW, rec.var, slot, DEREF_EXPR,
                                              loc=rec.loc))


def _first_non_alloca(block: Block) -> int:
    i = 0
    while i < len(block.insts) and isinstance(block.insts[i], Alloca):
        i += 1
    return i


def demote_escaping(region: list[Block], fn: Function) -> list[Alloca]:
    """Demote every value defined in `region` that is used outside it; the new
    slots, in the order they were made."""
    inside = {id(b) for b in region}
    slots: list[Alloca] = []
    for b in region:
        defs: list[Value] = [*b.params, *(i for i in b.insts if str(i.ty) != "void")]
        for v in defs:
            if isinstance(v, Alloca):
                continue
            if any(_use_block(u) is not None and id(_use_block(u)) not in inside
                   for u in v.uses):
                slots.append(demote(v, fn))
    return slots


def _use_block(use: Use) -> Block | None:
    user = use.user
    if isinstance(user, DbgRecord):
        return user.inst.block if user.inst is not None else None
    return user.block


def redirect(term: Inst, old: Block, new: Block) -> None:
    for s in term.succs:
        if s.block is old:
            s.block = new


def clone_into_pred(block: Block, pred: Block, fn: Function, module: Module,
                    order: BlockOrder | None = None) -> Block:
    """Give `pred` its own copy of `block` (whose escaping values are demoted):
    the copy takes the arguments `pred` passed as its parameters' values. It is
    placed right after `pred` (through `order` if the caller keeps one)."""
    term = pred.terminator
    assert isinstance(term, (Jump, Branch, Switch))
    vmap: dict[Value, Value] = {}
    edge = next(s for s in term.succs if s.block is block)
    for p, a in zip(block.params, edge.arg_values, strict=True):
        vmap[p] = a
    cloner = Cloner(vmap=vmap)
    copy = Block(block.name + ".dup" if block.name else "")
    for inst in block.insts:
        copy.append(cloner.clone_inst(inst))
    cloner.finish()
    remap_atoms(copy.insts, {}, module.atoms)
    insert_blocks_after(fn, pred, [copy], order)
    for i, s in enumerate(term.succs):
        if s.block is block:
            redirect_edge(term, i, copy, [])
    return copy


def remove_if_unreachable(block: Block, fn: Function) -> bool:
    if block is fn.entry or any(block in b.successors for b in fn.blocks if b is not block):
        return False
    remove_block_body(block, fn)
    return True


def remove_block_body(block: Block, fn: Function, order: BlockOrder | None = None) -> None:
    """Delete a block nothing jumps to: records that named its values become
    unavailable, its own records go."""
    for inst in reversed(block.insts):
        for rec in list(inst.dbg_records):
            rec.detach()
        for u in list(inst.uses):
            if u.is_debug:
                make_unavailable(u.user)  # type: ignore[arg-type]
    for inst in list(block.insts):
        inst.drop_all_references()
    unlink_blocks(fn, [block], order)


def promote_demoted(fn: Function, module: Module) -> None:
    """Rebuild SSA after duplication (mem2reg over the whole function)."""
    from .mem2reg import Mem2Reg
    from .passmanager import PassContext
    Mem2Reg().run(fn, PassContext(module))


def block_size(b: Block) -> int:
    return len(b.insts)


__all__ = ["block_size", "clone_into_pred", "demote", "demote_escaping", "erase",
           "promote_demoted", "redirect", "remove_block_body", "remove_if_unreachable"]
