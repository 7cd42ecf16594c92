"""The one API through which passes change the IR: placing, moving, replacing and
erasing instructions, redirecting edges, removing block parameters, and adding,
splitting, merging and removing blocks. Passes never edit `Block.insts` or
`Function.blocks` themselves; each helper here keeps debug records right and
states its cost (none walks more than the blocks or instructions it names, so
the work counters of ir/work.py stay linear).

* Locations: an instruction is built with its location (a `DILocation` or
  ARTIFICIAL); placing or moving it takes a `LocPolicy`: KEEP it, MERGE it with
  the instruction it now stands for too, or DROP it (hoisted or sunk code).
* `erase(inst)` keeps the records that precede `inst` in effect at the same
  program point (they move to the next instruction), and salvages every debug
  use of its result: a record that referred to the dying value is rewritten as
  an expression over the value's operands when that is exact (add/sub of a
  constant, extensions, shifts and bitwise ops with a constant: ir/salvage_ops.py;
  two operands of one value, compares with a constant, selects between constants:
  ir/salvage_tree.py),
  and otherwise says "optimised out" — never a stale or wrong value.
* Blocks and values that disappear make the records naming them "optimised out"
  (a `new`) or drop them (an `add`); records in front of a removed terminator
  move to where the same program point still exists.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import atomc.fastenum as fastenum

from . import work
from .blockorder import BlockOrder
from .dbgrecords import DbgKind, DbgRecord
from .debuginfo import (
    DIExpression,
    DILocation,
    DW_OP_consts,
    DW_OP_constu,
    DW_OP_minus,
    DW_OP_mul,
    DW_OP_plus_uconst,
)
from .function import AtomCounter, Block, Function
from .insts import Binary, Cast, Cmp, Inst, Jump, Op, PtrAdd, Select, locate_args
from .locations import drop, keep, merge_locations
from .operand_records import (
    is_operand_var,
    operand_readers,
    operands_read,
    split_record,
    two_values,
)
from .salvage_ops import cast_ops, shift_or_bitwise_ops
from .salvage_tree import compare, select_constants, two_operands
from .types import FloatType, IntType
from .values import Const, Undef, Use, Value
from .why import Why, dead_after, removed
from .x87float import X80

NEST = 3  # two-operand combinations salvaged inside one another (a byte swap needs 3)


def next_inst(inst: Inst) -> Inst | None:
    blk = inst.block
    if blk is None:
        return None
    i = blk.insts.index(inst)
    return blk.insts[i + 1] if i + 1 < len(blk.insts) else None


def move_records_to(records: list[DbgRecord], dest: Inst, front: bool = True) -> None:
    """Re-attach records before `dest` (in front of its own records by default)."""
    moved = list(records)
    for r in moved:
        if r.inst is not None:
            r.inst.dbg_records.remove(r)
        r.inst = dest
    if front:
        dest.dbg_records[0:0] = moved
    else:
        dest.dbg_records.extend(moved)


def erase(inst: Inst) -> None:
    """Delete `inst`; its result must have no real uses left."""
    assert not inst.has_real_uses(), f"erasing {inst!r} which still has uses"
    salvage_debug_uses(inst)
    if inst.dbg_records:
        nxt = next_inst(inst)
        if nxt is not None:
            move_records_to(inst.dbg_records, nxt)
        else:
            for r in list(inst.dbg_records):
                r.detach()
    inst.drop_all_references()
    if inst.block is not None:
        inst.block.remove(inst)


def salvage_expression(inst: Inst, nest: int = 0) -> tuple[Value, tuple[int, ...]] | None:
    """(operand, ops) such that evaluating ops on operand gives inst's value, if exact.
    `nest`: how many two-operand combinations already enclose `inst` (salvage_tree.py
    follows at most `NEST` of them, each reading both operands' salvage chains)."""
    folded = _constant_result(inst)
    if folded is not None:  # a dead computation on constants: its value, exactly
        return folded, ()
    if isinstance(inst.ty, IntType) and inst.ty.bits > 64:
        return None  # DWARF computes in 64 bits: a 128-bit value is described by its halves
    if isinstance(inst, PtrAdd) and isinstance(inst.offset, Const):
        # `&g[1]`, `s + 4`: an address a constant away from the base (a global's
        # address is described as its symbol's, see isel.debug_values)
        c = inst.offset.signed()
        if c >= 0:
            return inst.ptr, (DW_OP_plus_uconst, c)
        return inst.ptr, (DW_OP_constu, -c, DW_OP_minus)
    if isinstance(inst, Binary) and isinstance(inst.rhs, Const) and inst.op in (Op.ADD, Op.SUB):
        c = inst.rhs.signed()
        if inst.op is Op.SUB:
            c = -c
        if c >= 0:
            return inst.lhs, (DW_OP_plus_uconst, c)
        return inst.lhs, (DW_OP_constu, -c, DW_OP_minus)
    if isinstance(inst, Cast):
        ops = cast_ops(inst)
        return None if ops is None else (inst.value, ops)
    if isinstance(inst, Binary) and inst.op is Op.ADD and isinstance(inst.lhs, Const):
        c = inst.lhs.signed()
        if c >= 0:
            return inst.rhs, (DW_OP_plus_uconst, c)
    if isinstance(inst, Binary) and inst.op is Op.MUL and isinstance(inst.rhs, Const) \
            and isinstance(inst.ty, IntType):
        # wrap-around products keep their low bits whatever the operand's upper bits
        c = inst.rhs.signed()
        return inst.lhs, ((DW_OP_consts, c) if c < 0 else (DW_OP_constu, c)) + (DW_OP_mul,)
    if isinstance(inst, Binary):
        ops = shift_or_bitwise_ops(inst)
        if ops is not None:
            return inst.lhs, ops
        if nest >= NEST:
            return None
        return two_operands(inst, lambda i: salvage_expression(i, nest + 1))
    if isinstance(inst, Cmp):
        return compare(inst)
    if isinstance(inst, Select):
        return select_constants(inst)
    return None


def _constant_result(inst: Inst) -> Const | None:
    """The constant a pure arithmetic/conversion instruction on constants computes."""
    from .interp_eval import (  # it imports wide, which imports us
        InterpError,
        eval_binary,
        eval_cast,
    )

    if not isinstance(inst, (Binary, Cast)) or not isinstance(inst.ty, (IntType, FloatType)):
        return None
    vals = [v for u in inst.operands if isinstance(v := u.value, Const)]
    if len(vals) != len(inst.operands):
        return None
    try:
        if isinstance(inst, Binary):
            r = eval_binary(inst.op, inst.ty, vals[0].value, vals[1].value)
        else:
            r = eval_cast(inst.op, vals[0].ty, inst.ty, vals[0].value)
    except InterpError:
        return None
    if isinstance(r, X80):
        return Const(inst.ty, r)
    return Const(inst.ty, float(r) if isinstance(inst.ty, FloatType) else int(r))


def salvage_debug_uses(inst: Inst) -> None:
    if not any(u.is_debug for u in inst.uses):
        return
    salvaged = salvage_expression(inst)
    if salvaged is not None:
        retarget_debug_uses(inst, *salvaged)
        return
    pair = two_values(inst)
    if pair is not None:  # over both operands: one record each (operand_records.py)
        for use in [u for u in inst.uses if u.is_debug]:
            assert isinstance(use.user, DbgRecord)
            if not split_record(use.user, *pair):
                _make_unavailable(use.user, _dead(use.user))
        return
    retarget_debug_uses(inst, None, ())


def retarget_debug_uses(value: Value, operand: Value | None, ops: tuple[int, ...]) -> None:
    """Make the records of `value` describe it as `ops` evaluated on `operand`
    (None: it cannot be recomputed, the records become optimised out)."""
    for use in [u for u in value.uses if u.is_debug]:
        rec = use.user
        assert isinstance(rec, DbgRecord)
        if operand is None and is_operand_var(rec.var):
            # an operand gone: the records reading it lose their value, and it goes
            for r in operand_readers(rec):
                _make_unavailable(r, _dead(r))
            rec.detach()
            continue
        if operand is None or rec.expr.is_deref:
            # erased with no real use left: the value was dead from its assignment on
            read = operands_read(rec)
            _make_unavailable(rec, _dead(rec))
            for r in read:  # (no other record reads them)
                r.detach()
            continue
        _retarget(rec, operand, ops)


def _dead(rec: DbgRecord) -> Why:
    return dead_after(rec.loc.line if rec.loc is not None else 0)


def _retarget(rec: DbgRecord, operand: Value, ops: tuple[int, ...]) -> None:
    frag = rec.expr.fragment
    body = rec.expr.body
    new_ops = ops + body + (rec.expr.ops[-3:] if frag else ())
    rec.set_value(operand)
    rec.expr = DIExpression(new_ops)


def salvage_record(rec: DbgRecord, inst: Inst) -> bool:
    """Describe one record of `inst`'s value by an expression over inst's operand
    instead (salvage_expression), where the instruction no longer computes the
    value before the record (sunk below it, merged into a successor). Exact
    wherever inst's operands dominate the record, as they do when inst did: SSA
    values do not change. False (the record untouched) if not describable."""
    salvaged = salvage_expression(inst)
    if salvaged is None or rec.expr.is_deref:
        return False
    _retarget(rec, *salvaged)
    return True


def _make_unavailable(rec: DbgRecord, why: Why | None = None) -> None:
    """The value is gone: a NEW becomes 'optimised out' for the reason `why` (by
    default: the running pass removed the code computing it); an ADD just loses its
    location, together with the DELETEs that end it (they would name a record no
    longer there)."""
    if rec.kind is DbgKind.NEW:
        rec.make_unavailable(why if why is not None else removed())
        rec.expr = DIExpression(rec.expr.ops[-3:] if rec.expr.fragment else ())
        return
    detach_with_dependents(rec)


def detach_with_dependents(rec: DbgRecord,
                           index: dict[int, list[DbgRecord]] | None = None) -> None:
    """Remove `rec` and every record that names it, directly or through an `add`
    (the adds of a `new` and their deletes): none of them may outlive it.
    `index` (from `dependents_index`) saves the walk over the function."""
    if index is not None:
        for r in index.get(id(rec), ()):
            r.detach()
        rec.detach()
        return
    block = rec.inst.block if rec.inst is not None else None
    fn = block.function if block is not None else None
    if fn is not None:
        n = 0
        for inst in fn.insts():
            n += 1
            for r in [r for r in inst.dbg_records if r.key is not None
                      and (r.key is rec or r.key.key is rec)]:
                r.detach()
        work.add("rewrite.dependents_scan", n)
    rec.detach()


def dependents_index(insts: Iterable[Inst]) -> dict[int, list[DbgRecord]]:
    """For each record, the records naming it directly or through an `add` (one walk;
    valid while no keyed record is added)."""
    index: dict[int, list[DbgRecord]] = {}
    for inst in insts:
        for r in inst.dbg_records:
            k = r.key
            if k is None:
                continue
            index.setdefault(id(k), []).append(r)
            if k.key is not None and k.key is not k:
                index.setdefault(id(k.key), []).append(r)
    return index


make_unavailable = _make_unavailable


# ---------------------------------------------------------------------------
# Placing and moving instructions


class LocPolicy(fastenum.Enum):
    """What an instruction's location becomes where it is placed (the keep, merge
    and drop rules of shared/specs/key-instructions.md §3)."""

    KEEP = "keep"  # as built, or as it was: the place is equivalent
    MERGE = "merge"  # merged with `merge_with`'s: one instruction now does the work of both
    DROP = "drop"  # none (ARTIFICIAL): hoisted or sunk where its line would not be reached


def _apply_policy(inst: Inst, policy: LocPolicy, merge_with: Inst | None,
                  atoms: AtomCounter | None) -> None:
    if policy is LocPolicy.DROP:
        inst.set_loc(drop())
    elif policy is LocPolicy.MERGE:
        assert merge_with is not None and atoms is not None, "MERGE needs merge_with and atoms"
        inst.loc = merge_locations(inst.loc, merge_with.loc, atoms)


def insert_at(block: Block, index: int, inst: Inst, policy: LocPolicy = LocPolicy.KEEP, *,
              merge_with: Inst | None = None, atoms: AtomCounter | None = None) -> Inst:
    """Place a new (detached) `inst` at position `index` of `block`."""
    assert inst.block is None, f"{inst!r} is already placed"
    _apply_policy(inst, policy, merge_with, atoms)
    return block.insert(index, inst)


def insert_before(inst: Inst, anchor: Inst, policy: LocPolicy = LocPolicy.KEEP, *,
                  merge_with: Inst | None = None, atoms: AtomCounter | None = None) -> Inst:
    """Place `inst` right before `anchor` (finds `anchor`: linear in its block)."""
    blk = anchor.block
    assert blk is not None
    return insert_at(blk, blk.insts.index(anchor), inst, policy, merge_with=merge_with,
                     atoms=atoms)


def insert_after(inst: Inst, anchor: Inst, policy: LocPolicy = LocPolicy.KEEP) -> Inst:
    """Place `inst` right after `anchor` (linear in its block)."""
    blk = anchor.block
    assert blk is not None
    return insert_at(blk, blk.insts.index(anchor) + 1, inst, policy)


def insert_before_terminator(block: Block, inst: Inst,
                             policy: LocPolicy = LocPolicy.KEEP) -> Inst:
    return insert_at(block, len(block.insts) - 1, inst, policy)


def prepend(block: Block, insts: Sequence[Inst]) -> None:
    """Place new instructions, in order, at the top of `block` (one list splice)."""
    for inst in insts:
        assert inst.block is None, f"{inst!r} is already placed"
        inst.block = block
    block.insts[0:0] = insts


def move_to(inst: Inst, block: Block, index: int | None = None,
            policy: LocPolicy = LocPolicy.KEEP, *, records_stay: bool = False) -> None:
    """Move `inst` to position `index` of `block` (None: before its terminator). The
    records in front of it travel with it, or with `records_stay` remain at the
    program point it leaves (LICM: the variable changes where the source says)."""
    old = inst.block
    assert old is not None
    if records_stay and inst.dbg_records:
        nxt = next_inst(inst)
        assert nxt is not None, "a terminator always follows"
        move_records_to(inst.dbg_records, nxt)
    old.remove(inst)
    block.insert(len(block.insts) - 1 if index is None else index, inst)
    _apply_policy(inst, policy, None, None)


def replace_inst(old: Inst, new: Inst) -> Inst:
    """`new` takes the place of `old` and the records in front of it; `old`, whose
    result must be unused by then, goes (linear in the block unless `old` ends it)."""
    blk = old.block
    assert blk is not None and new.block is None
    assert not old.has_real_uses(), f"replacing {old!r} which still has uses"
    records = list(old.dbg_records)
    old.dbg_records.clear()
    old.drop_all_references()
    i = len(blk.insts) - 1 if blk.insts[-1] is old else blk.insts.index(old)
    blk.insts[i] = new
    old.block = None
    new.block = blk
    for r in records:
        r.inst = new
    new.dbg_records[0:0] = records
    return new


def replace_terminator(block: Block, new: Inst) -> Inst:
    """Swap the terminator, keeping the records in front of it in front of the new one."""
    old = block.terminator
    assert old is not None
    return replace_inst(old, new)


def jump_to(block: Block, target: Block, args: list[Value], loc_from: Inst) -> Jump:
    """Replace the terminator of `block` by an unconditional jump (keep rule for the loc)."""
    j = Jump(target, args, loc=keep(loc_from))
    replace_terminator(block, j)
    return j


# ---------------------------------------------------------------------------
# Values, edges and block parameters


def replace_value(old: Value, new: Value) -> None:
    """RAUW, except that debug records never take an `undef`: they become unavailable."""
    if isinstance(new, Undef):
        for u in [u for u in old.uses if u.is_debug]:
            rec = u.user
            assert isinstance(rec, DbgRecord)
            make_unavailable(rec)
    old.replace_all_uses_with(new)


def redirect_edge(term: Inst, i: int, target: Block, args: list[Value],
                  locs: Sequence[DILocation | None] = ()) -> None:
    """Successor `i` of `term` goes to `target` with `args`, the first `len(locs)`
    carrying those assignment locations (None: none; see insts.EdgeArg)."""
    succ = term.succs[i]
    for u in succ.args:
        u.drop()
    succ.block = target
    succ.args = [Use(term, a) for a in args]
    locate_args(term, i, locs)


def remove_param(block: Block, index: int, preds: Iterable[Block], *,
                 dead: bool = False) -> None:
    """Delete parameter `index` of `block` and its argument on every incoming edge.
    The caller has replaced the parameter's real uses already; `dead`: it had none
    (its records say "dead after" their line, else "removed by" the pass)."""
    p = block.params[index]
    for u in [u for u in p.uses if u.is_debug]:
        rec = u.user
        assert isinstance(rec, DbgRecord)
        make_unavailable(rec, dead_after(rec.loc.line if rec.loc is not None else 0)
                         if dead else None)
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


# ---------------------------------------------------------------------------
# Blocks
#
# A pass that adds or removes many blocks keeps a `BlockOrder` (blockorder.py)
# and passes it as `order`: the change is recorded there in constant time and
# `Function.blocks` is written back once. Without one, the list is edited at once
# (linear in the function, as a single change should be).


def insert_blocks_after(fn: Function, anchor: Block, blocks: list[Block],
                        order: BlockOrder | None = None) -> None:
    """New blocks, in order, right after `anchor` (before blocks put there earlier)."""
    for b in blocks:
        b.function = fn
    if order is not None:
        order.insert_after(anchor, blocks)
    else:
        at = fn.blocks.index(anchor) + 1
        fn.blocks[at:at] = blocks


def insert_blocks_before(fn: Function, anchor: Block, blocks: list[Block],
                         order: BlockOrder | None = None) -> None:
    """New blocks, in order, right before `anchor`."""
    for b in blocks:
        b.function = fn
    if order is not None:
        for b in blocks:
            order.insert_before(anchor, b)
    else:
        at = fn.blocks.index(anchor)
        fn.blocks[at:at] = blocks


def append_blocks(fn: Function, blocks: list[Block]) -> None:
    for b in blocks:
        b.function = fn
    fn.blocks.extend(blocks)


def split_block_after(inst: Inst, name: str) -> Block:
    """Move what follows `inst` into a new block placed right after its block; the
    old block is left without a terminator for the caller to end."""
    blk = inst.block
    assert blk is not None and blk.function is not None
    idx = blk.insts.index(inst)
    cont = Block(name)
    insert_blocks_after(blk.function, blk, [cont])
    tail = blk.insts[idx + 1:]
    del blk.insts[idx + 1:]
    for i in tail:
        cont.append(i)
    return cont


def merge_into_predecessor(pred: Block, block: Block) -> None:
    """Splice `block` onto `pred`, its single predecessor, which ends in a jump to it:
    the jump's arguments replace the block's parameters, the records in front of
    the jump move to the block's first instruction (the same program point), and
    the emptied block is detached (remove it from the order with `unlink_blocks`)."""
    term = pred.terminator
    assert isinstance(term, Jump) and term.succs[0].block is block
    for param, a in zip(block.params, term.succs[0].arg_values, strict=True):
        replace_value(param, a)
    block.params = []
    if term.dbg_records and block.insts:
        move_records_to(term.dbg_records, block.insts[0])
    term.drop_all_references()
    pred.insts.pop()
    term.block = None
    for inst in block.insts:
        inst.block = pred
    pred.insts.extend(block.insts)
    block.insts = []
    block.function = None


def set_body(block: Block, insts: list[Inst]) -> None:
    """Give `block` a rebuilt instruction list (legalisation: every instruction that
    gave way to its expansion has been detached and its records moved on)."""
    for inst in insts:
        inst.block = block
    block.insts = insts


def unlink_blocks(fn: Function, blocks: Iterable[Block], order: BlockOrder | None = None) -> None:
    """Take blocks that are gone (emptied or deleted) out of the function's order,
    in one pass over it."""
    blocks = list(blocks)
    gone = {id(b) for b in blocks}
    if not gone:
        return
    if order is not None:
        for b in blocks:
            order.remove(b)
    else:
        work.add("rewrite.unlink_scan", len(fn.blocks))
        fn.blocks = [b for b in fn.blocks if id(b) not in gone]


def remove_blocks(fn: Function, dead: Iterable[Block]) -> int:
    """Delete blocks that no live code reaches. Their values may still be named by
    other dead blocks (deleted too) or by debug records elsewhere (made unavailable)."""
    dead_list = discard_blocks(dead)
    unlink_blocks(fn, dead_list)
    return len(dead_list)


def discard_blocks(dead: Iterable[Block]) -> list[Block]:
    """`remove_blocks` but for taking them out of the function's order: a pass
    that deletes blocks one group at a time unlinks them all at its end, in one
    walk of the order instead of one walk per group."""
    dead_list = list(dead)
    if not dead_list:
        return dead_list
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
    return dead_list


def remove_unreachable_blocks(fn: Function) -> int:
    # reachability only: a plain depth-first walk, no post-order to keep
    entry = fn.entry
    live = {id(entry)}
    stack = [entry]
    while stack:
        for s in stack.pop().successors:
            if id(s) not in live:
                live.add(id(s))
                stack.append(s)
    return remove_blocks(fn, [b for b in fn.blocks if id(b) not in live])


def delete_body(fn: Function) -> None:
    """Drop a dead definition's body: every instruction lets go of its operands and
    records, and the function is left a declaration."""
    for inst in list(fn.insts()):
        for rec in list(inst.dbg_records):
            rec.detach()
        inst.drop_all_references()
    fn.blocks.clear()
