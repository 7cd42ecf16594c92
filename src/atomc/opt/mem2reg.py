"""Promote stack slots to SSA values (block parameters at iterated dominance
frontiers, pruned by liveness; renaming over the dominator tree).

An alloca is promotable when every use is a non-volatile whole-slot load or
store of one scalar type, or a memory-home debug record.

Debug info: the memory home (`new %slot, (deref)`) of a promoted variable
becomes value records: a `new` with the stored value after every store, and a
`new` with the block parameter at the start of every join block that got one.
Deleted loads keep their source locations nowhere (they are gone). A deleted
store whose value leaves its block as an edge argument gives that argument its
location and atom (an `EdgeArg`): the copy out-of-SSA makes for it is then the
assignment's stop, as gcc's phi arguments keep theirs. Only a store that is
the last located line of its block, before a jump (on its line or a later
one: a `break;`) to a join other than a loop header, does (a copy at the
block's end under an earlier line would step backwards); its value record
stays on the jump, and isel lowers it after the copy (at the assignment's stop
the variable still shows the value before, as at -O0). The others' locations
are gone. A deleted store that was its atom's key leaves the atom to the value
it stored when that value, on its line, has none. Surviving instructions keep
their locations otherwise (LOCS, VALUES, SCOPES kept).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import ClassVar, Literal

from ..ir import (
    EMPTY_EXPR,
    Alloca,
    Block,
    DbgKind,
    DbgRecord,
    DIExpression,
    DILocation,
    EdgeArg,
    Function,
    Inst,
    Jump,
    Load,
    Store,
    Type,
    Undef,
    Use,
    Value,
    work,
)
from ..ir.builder import MAX_ATOM_RANK
from ..ir.dominators import DomTree, dominators_of_function
from ..ir.rewrite import dependents_index, detach_with_dependents, erase, next_inst
from ..ir.why import Why, WhyKind
from .passmanager import DI, FunctionPass, PassContext
from .registry import register


def promotable_type(slot: Alloca) -> Type | None | Literal[False]:
    """The scalar type the slot holds, None if it is never accessed, False if not promotable."""
    ty: Type | None = None
    for use in slot.uses:
        user = use.user
        if use.is_debug:
            if not (isinstance(user, DbgRecord) and user.kind is DbgKind.NEW
                    and user.expr.is_deref):  # a whole home, or one piece's (after sroa)
                return False
            continue
        if isinstance(user, Load) and not user.volatile:
            t = user.ty
        elif isinstance(user, Store) and not user.volatile and use is user.operands[1]:
            t = user.value.ty
        else:
            return False
        if t.size != slot.size or (ty is not None and t != ty):
            return False
        ty = t
    return ty


@dataclass(frozen=True, slots=True)
class _Slot:
    alloca: Alloca
    ty: Type
    homes: tuple[DbgRecord, ...]


def promotable_slots(allocas: Sequence[Alloca]) -> list[_Slot]:
    """The promotable ones of `allocas`, with their debug homes. One never read or
    written (only its debug homes refer to it) is erased here, its homes made
    "not assigned yet"."""
    slots: list[_Slot] = []
    for a in allocas:
        ty = promotable_type(a)
        if ty is False:
            continue
        homes: list[DbgRecord] = []
        for u in a.uses:
            if u.is_debug:
                assert isinstance(u.user, DbgRecord)
                homes.append(u.user)
        if ty is None:
            for h in homes:
                h.make_unavailable(Why(WhyKind.NOT_YET))  # never assigned
                h.expr = _fragment_only(h.expr)
            erase(a)
            continue
        slots.append(_Slot(a, ty, tuple(homes)))
    return slots


class Mem2Reg(FunctionPass):
    """Promote allocas to SSA registers. Debug info: see module docstring."""

    name: ClassVar[str] = "mem2reg"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        slots = promotable_slots([i for i in fn.entry.insts if isinstance(i, Alloca)])
        if not slots:
            return False
        work.add("mem2reg.blocks", len(fn.blocks))
        dom = dominators_of_function(fn)
        params = _place_params(fn, dom, slots)
        _rename(fn, dom, slots, params)
        index = dependents_index(fn.insts())  # one walk, not one per home
        for s in slots:
            for home in s.homes:  # adds tied to a home: the value records replace them
                detach_with_dependents(home, index)
            erase(s.alloca)
        ctx.count("mem2reg.promoted", len(slots))
        return True


register(Mem2Reg)


def _place_params(fn: Function, dom: DomTree[Block],
                  slots: list[_Slot]) -> dict[Block, list[tuple[_Slot, Value]]]:
    """Block parameters at the pruned iterated dominance frontier of each slot's stores."""
    frontiers = dom.frontiers()
    # One walk over the function finds every slot's storing blocks and upward-exposed
    # loads (a walk per slot made the pass slots x instructions: quadratic in a
    # function whose blocks declare their own locals).
    index = {id(s.alloca): k for k, s in enumerate(slots)}
    def_blocks: list[list[Block]] = [[] for _ in slots]
    upward_use: list[set[Block]] = [set() for _ in slots]
    scanned = 0
    for b in fn.blocks:
        stored: set[int] = set()
        scanned += len(b.insts)
        for inst in b.insts:
            if isinstance(inst, Store):
                k = index.get(id(inst.ptr))
                if k is not None and k not in stored:
                    stored.add(k)
                    def_blocks[k].append(b)
            elif isinstance(inst, Load):
                k = index.get(id(inst.ptr))
                if k is not None and k not in stored:
                    upward_use[k].add(b)
    work.add("mem2reg.scan", scanned)
    placed: dict[Block, list[tuple[_Slot, Value]]] = {}
    for k, s in enumerate(slots):
        live_in = _live_in(upward_use[k], def_blocks[k], dom)
        pending = [b for b in def_blocks[k] if dom.is_reachable(b)]
        has_param: set[Block] = set()
        while pending:
            b = pending.pop()
            for f in frontiers.get(b, []):
                if f in has_param or f not in live_in:
                    continue
                has_param.add(f)
                p = f.add_param(s.ty, s.alloca.name)
                placed.setdefault(f, []).append((s, p))
                pending.append(f)
    return placed


def _live_in(upward_use: set[Block], def_blocks: list[Block], dom: DomTree[Block]) -> set[Block]:
    """Blocks where the slot's value on entry may be read."""
    defs = set(def_blocks)
    live = set(upward_use)
    work = list(upward_use)
    while work:
        b = work.pop()
        for p in dom.preds.get(b, []):
            if p in live or (p in defs and p not in upward_use):
                continue
            live.add(p)
            work.append(p)
    return live


def _rename(fn: Function, dom: DomTree[Block], slots: list[_Slot],
            params: dict[Block, list[tuple[_Slot, Value]]]) -> None:
    by_alloca = {id(s.alloca): s for s in slots}
    current: dict[int, Value] = {id(s.alloca): Undef(s.ty) for s in slots}
    # Iterative DFS over the dominator tree. One table of current values; each block
    # logs the entries it overwrites and restores them when its subtree is done
    # (a copy of the table per block cost blocks x slots).
    undo: list[list[tuple[int, Value]]] = []
    stack: list[tuple[Block, bool]] = [(dom.entry, False)]
    logged = 0
    while stack:
        block, leaving = stack.pop()
        if leaving:
            for key, old in reversed(undo.pop()):
                current[key] = old
            continue
        saved: list[tuple[int, Value]] = []
        stored_at: dict[int, _Stored] = {}  # slot -> its last store here
        for s, p in params.get(block, []):
            saved.append((id(s.alloca), current[id(s.alloca)]))
            current[id(s.alloca)] = p
            _add_value_records(s, p, block.insts[0] if block.insts else None)
        for inst in list(block.insts):
            if isinstance(inst, Load) and id(inst.ptr) in by_alloca:
                inst.replace_all_uses_with(current[id(inst.ptr)])
                erase(inst)
            elif isinstance(inst, Store) and id(inst.ptr) in by_alloca:
                s = by_alloca[id(inst.ptr)]
                saved.append((id(s.alloca), current[id(s.alloca)]))
                current[id(s.alloca)] = inst.value
                recs = _add_value_records(s, inst.value, next_inst(inst))
                for rec in recs:
                    rec.stmt = inst.loc
                _leave_atom(inst)
                stored_at.pop(id(s.alloca), None)
                if inst.loc is not None and inst.loc.line:
                    stored_at[id(s.alloca)] = _Stored(inst.loc, recs)
                erase(inst)
            elif stored_at and inst is not block.terminator:
                _drop_passed(stored_at, inst.loc)
        assigned = _edge_assignments(block, dom, params, stored_at)
        add_edge_args(block, params, lambda s: current[id(s.alloca)],
                      partial(_stored_at, assigned))
        logged += len(saved)
        undo.append(saved)
        stack.append((block, True))
        for child in reversed(dom.children[block]):
            stack.append((child, False))
    work.add("mem2reg.renamed", logged)
    # Unreachable blocks: their accesses read undef, and their edges still need
    # one argument per new parameter.
    for b in fn.blocks:
        if dom.is_reachable(b):
            continue
        for inst in list(b.insts):
            if isinstance(inst, (Load, Store)) and id(inst.ptr) in by_alloca:
                if isinstance(inst, Load):
                    inst.replace_all_uses_with(Undef(inst.ty))
                erase(inst)
        add_edge_args(b, params, lambda s: Undef(s.ty))


def _leave_atom(store: Store) -> None:
    """A deleted store's atom goes to the value it stored when that value is an
    instruction of the store's line without an atom of its own, one rank below
    the store's: the front end gives a scalar assignment's value that backup
    rank itself, but a complex or aggregate one reaches its variable through a
    temporary (`sum = u + a;` on `long double complex`), and once both copies
    are promoted the statement had no atom left, so no `is_stmt` row."""
    at, v = store.loc, store.value
    if at is None or not at.atom_group or not isinstance(v, Inst) or v.loc is None:
        return
    if v.loc.atom_group or not v.loc.line or not v.loc.same_line(at):
        return
    v.loc = v.loc.with_atom(at.atom_group, min(at.atom_rank + 1, MAX_ATOM_RANK))


@dataclass(frozen=True, slots=True)
class _Stored:
    """A block's last store to a slot: its location and the value records it made."""
    loc: DILocation
    records: list[DbgRecord]

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, loc: DILocation, records: list[DbgRecord]) -> None:
        object.__setattr__(self, "loc", loc)
        object.__setattr__(self, "records", records)


def _stored_at(assigned: dict[int, DILocation], s: _Slot) -> DILocation | None:
    return assigned.get(id(s.alloca))


def _drop_passed(stored_at: dict[int, _Stored], loc: DILocation | None) -> None:
    """Forget the stores that an instruction at `loc`, a later line, follows: their
    copy at the block's end would come after that line's code."""
    if loc is None or not loc.line:
        return
    for key in [k for k, st in stored_at.items() if not st.loc.same_line(loc)]:
        del stored_at[key]


def _edge_assignments(block: Block, dom: DomTree[Block],
                      params: Mapping[Block, Sequence[tuple[_Slot, Value]]],
                      stored_at: dict[int, _Stored]) -> dict[int, DILocation]:
    """The stores of `block` whose edge argument becomes their assignment: `block`
    jumps to a join with the slot's parameter, not a loop header (loop passes rebuild
    those edges), and nothing follows the store's value records but the jump, on the
    same line or a later one of the same function instance (`score = -1; break;`:
    isel puts the copy before the jump, so `step` stops on the assignment and then
    on the `break;`, as at -O0). Their records stay on the jump; isel lowers them
    after the copy, so the assignment's stop shows the value before it, as at -O0,
    and the `break;` the value after it."""
    term = block.terminator
    if not stored_at or not isinstance(term, Jump):
        return {}
    target = term.succs[0].block
    if any(dom.dominates(target, p) for p in dom.preds.get(target, [])):
        return {}
    joined = {id(s.alloca) for s, _ in params.get(target, ())}
    out: dict[int, DILocation] = {}
    for key, st in stored_at.items():
        if key in joined and all(r.inst is term for r in st.records) and \
                _jump_after(term.loc, st.loc):
            out[key] = st.loc
    return out


def _jump_after(jump: DILocation | None, store: DILocation) -> bool:
    """Whether a jump at `jump` may step after the copy at `store`: no line, the
    store's line, or a later line of the same function instance."""
    if jump is None or not jump.line or jump.same_line(store):
        return True
    return jump.inlined_at == store.inlined_at and \
        jump.scope.subprogram is store.scope.subprogram and jump.line > store.line


def add_edge_args(b: Block, params: Mapping[Block, Sequence[tuple[_Slot, Value]]],
                  value: Callable[[_Slot], Value],
                  loc: Callable[[_Slot], DILocation | None] = lambda s: None) -> None:
    """Give every edge leaving `b` one argument per parameter of its target block,
    in the parameters' order: `value(slot)`, the slot's value at the end of `b`,
    located at `loc(slot)`, the assignment it carries, if any."""
    term = b.terminator
    if term is None:
        return
    for succ in term.succs:
        for s, _ in params.get(succ.block, ()):
            at = loc(s)
            succ.args.append(Use(term, value(s)) if at is None else EdgeArg(term, value(s), at))


def _add_value_records(s: _Slot, value: Value, before: Inst | None) -> list[DbgRecord]:
    if before is None:
        return []
    # One record per variable instance and piece, however many homes name it
    # (each duplication pass adds a home for the same variable).
    distinct: dict[tuple[int, object, DIExpression], DbgRecord] = {}
    for home in s.homes:
        inl = home.loc.inlined_at if home.loc is not None else None
        distinct.setdefault((id(home.var), inl, _fragment_only(home.expr)), home)
    made: list[DbgRecord] = []
    for home in reversed(list(distinct.values())):
        # In front: records already there describe later program points.
        rec = DbgRecord(DbgKind.NEW, home.var, value, _fragment_only(home.expr), loc=home.loc)
        rec.inst = before
        before.dbg_records.insert(0, rec)
        made.append(rec)
    return made


def _fragment_only(home: DIExpression) -> DIExpression:
    """The value-record expression for a memory home: its fragment, if it has one."""
    return DIExpression(home.ops[-3:]) if home.fragment else EMPTY_EXPR
