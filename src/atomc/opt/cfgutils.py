"""CFG and value helpers shared by the passes: deleting blocks and block
parameters, redirecting edges, replacing a value, and the purity tests that
decide what may be removed, merged or moved.

Every helper keeps debug records right: a record whose value disappears is
made "optimised out" (a `new`) or dropped (an `add`), never left pointing at
something wrong, and records that sat before a deleted terminator move to
where the same program point still exists, or are reported to the caller.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..ir import (
    Block,
    Const,
    DbgRecord,
    Function,
    Inst,
    IntType,
    Jump,
    Op,
    Undef,
    Use,
    Value,
)
from ..ir.dominators import reverse_post_order
from ..ir.locations import keep
from ..ir.rewrite import erase, make_unavailable


def replace_value(old: Value, new: Value) -> None:
    """RAUW, except that debug records never take an `undef`: they become unavailable."""
    if isinstance(new, Undef):
        for u in [u for u in old.uses if u.is_debug]:
            rec = u.user
            assert isinstance(rec, DbgRecord)
            make_unavailable(rec)
    old.replace_all_uses_with(new)


def is_removable(inst: Inst) -> bool:
    """No effect besides its result: may be deleted once that result is unused."""
    if inst.is_terminator:
        return False
    if inst.info.pure:
        return True
    return inst.op is Op.LOAD and not inst.volatile  # type: ignore[attr-defined]


def is_speculatable(inst: Inst) -> bool:
    """Pure and cannot trap, so it may run where it did not (hoisting)."""
    if inst.op is Op.ALLOCA or not inst.info.pure or inst.is_terminator:
        return False
    if not inst.info.may_trap:
        return True
    d = inst.operand(1)
    if not isinstance(d, Const) or not isinstance(d.ty, IntType) or d.value == 0:
        return False
    if inst.op in (Op.SDIV, Op.SREM):
        return d.signed() != -1
    return True


def reachable_blocks(fn: Function) -> list[Block]:
    return reverse_post_order(fn.entry, lambda b: b.successors)


def remove_blocks(fn: Function, dead: Iterable[Block]) -> int:
    """Delete blocks that no live code reaches. Their values may still be named by
    other dead blocks (deleted too) or by debug records elsewhere (made unavailable)."""
    dead_list = list(dead)
    if not dead_list:
        return 0
    dead_ids = {id(b) for b in dead_list}
    for b in dead_list:
        for v in [*b.params, *b.insts]:
            for u in list(v.uses):
                user = u.user
                if isinstance(user, DbgRecord):
                    owner = user.inst.block if user.inst is not None else None
                    if owner is None or id(owner) not in dead_ids:
                        make_unavailable(user)
                else:
                    u.set(Undef(v.ty))
    for b in dead_list:
        for inst in b.insts:
            for rec in list(inst.dbg_records):
                rec.detach()
            inst.drop_all_references()
            inst.block = None
        b.insts = []
        b.function = None
    fn.blocks = [b for b in fn.blocks if id(b) not in dead_ids]
    return len(dead_list)


def remove_unreachable_blocks(fn: Function) -> int:
    live = {id(b) for b in reachable_blocks(fn)}
    return remove_blocks(fn, [b for b in fn.blocks if id(b) not in live])


def remove_param(block: Block, index: int, preds: Iterable[Block]) -> None:
    """Delete parameter `index` of `block` and its argument on every incoming edge.
    The caller has replaced the parameter's real uses already."""
    p = block.params[index]
    for u in [u for u in p.uses if u.is_debug]:
        rec = u.user
        assert isinstance(rec, DbgRecord)
        make_unavailable(rec)
    seen: set[int] = set()
    for pred in preds:
        term = pred.terminator
        if term is None or id(term) in seen:
            continue
        seen.add(id(term))
        for s in term.succs:
            if s.block is block:
                s.args[index].drop()
                del s.args[index]
    assert not p.uses, f"block parameter still used after removal: {p!r}"
    del block.params[index]
    for i, q in enumerate(block.params):
        q.index = i


def replace_terminator(block: Block, new: Inst) -> None:
    """Swap the terminator, keeping the records in front of it in front of the new one."""
    old = block.terminator
    assert old is not None
    records = list(old.dbg_records)
    for r in records:
        old.dbg_records.remove(r)
    old.drop_all_references()
    block.insts[-1] = new
    old.block = None
    new.block = block
    for r in records:
        r.inst = new
    new.dbg_records[0:0] = records


def jump_to(block: Block, target: Block, args: list[Value], loc_from: Inst) -> Jump:
    """Replace the terminator of `block` by an unconditional jump (keep rule for the loc)."""
    j = Jump(target, args, loc=keep(loc_from))
    replace_terminator(block, j)
    return j


def succ_args(term: Inst, i: int) -> list[Value]:
    return [u.value for u in term.succs[i].args]


def redirect_edge(term: Inst, i: int, target: Block, args: list[Value]) -> None:
    succ = term.succs[i]
    for u in succ.args:
        u.drop()
    succ.block = target
    succ.args = [Use(term, a) for a in args]


def erase_dead(insts: Iterable[Inst]) -> int:
    """Erase instructions (with salvage) whose results are unused, users first."""
    pending = [i for i in insts if i.block is not None]
    n = 0
    progress = True
    while pending and progress:
        progress = False
        rest = []
        for inst in reversed(pending):
            if inst.has_real_uses():
                rest.append(inst)
                continue
            erase(inst)
            n += 1
            progress = True
        pending = rest[::-1]
    return n


def branch_targets(term: Inst) -> list[Block]:
    return [s.block for s in term.succs]


__all__ = [
    "branch_targets", "erase_dead", "is_removable", "is_speculatable",
    "jump_to", "make_unavailable", "reachable_blocks", "redirect_edge", "remove_blocks",
    "remove_param", "remove_unreachable_blocks", "replace_terminator", "replace_value",
    "succ_args",
]
