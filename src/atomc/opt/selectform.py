"""Select formation: a small `if` that only chooses a value becomes a `select`.

A block ending in `branch c, T, F` where each side either goes straight to a
join block J or through an arm (a block whose only predecessor is the branch
block, with no parameters, ending in `jump J`) whose few instructions may run
unconditionally (pure, cannot trap, no loads, integers and pointers only),
becomes: the arms' instructions hoisted above the branch, one `select c, x, y`
per parameter of J that the two paths pass different values, and `jump J`.
The back end lowers a select fed by a compare as `cmp` + `cmov`: the min/max
updates of a dynamic-programming loop stop costing a mispredicted branch.

Profitability is a budget, as in LLVM's FoldTwoEntryPHINode: at most
`MAX_SPECULATED` instructions hoisted and `MAX_SELECTS` selects, integer or
pointer values of 8 to 64 bits (x86 has no byte `cmov`; an `i1` stays a
branch), and no chosen value that goes on to form a load or store address
(`_feeds_address`); decided on instructions only, so -g cannot change the code.

Debug info: hoisted instructions take no location (drop rule: their line would
run on the path that skipped it). Each select takes the branch's location and
atom (it is now the instruction that decides the `if`, its key instruction);
the new jump keeps the location without the atom. A `new` record in an arm
described the variable on that path only; it moves to the end of the branch
block as "optimised out" with the reason `join` (ir/why.py) and the join's own
records take over at J: so VALUES is kept with every dropped value explained.
Arms holding `add`/`delete` records are left alone (their location bookkeeping
is path-specific).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..ir import (
    PTR,
    Binary,
    Block,
    Branch,
    Cast,
    DbgKind,
    DILocation,
    Function,
    Inst,
    IntType,
    Jump,
    Load,
    Op,
    PtrAdd,
    Select,
    Store,
    Value,
)
from ..ir.locations import keep
from ..ir.rewrite import (
    LocPolicy,
    discard_blocks,
    insert_before_terminator,
    make_unavailable,
    move_records_to,
    move_to,
    replace_terminator,
    unlink_blocks,
)
from ..ir.why import Why, WhyKind
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

MAX_SPECULATED = 3
MAX_SELECTS = 2
_ADDRESS_BUDGET = 32

# may run where the source did not run them: no side effect, no trap, no memory
_UNSPECULATABLE = frozenset({Op.ALLOCA, Op.SDIV, Op.UDIV, Op.SREM, Op.UREM, Op.WIDE})


@dataclass(frozen=True, slots=True)
class _Side:
    """One way from the branch to the join: straight, or through `arm`."""

    arm: Block | None
    args: tuple[Value, ...]

    # written out, not generated (two per branch looked at): see codegen/mir/core.py
    def __init__(self, arm: Block | None, args: tuple[Value, ...]) -> None:
        object.__setattr__(self, "arm", arm)
        object.__setattr__(self, "args", args)


class SelectFormation(FunctionPass):
    """Turn value-choosing triangles and diamonds into selects."""

    name: ClassVar[str] = "select-form"
    keeps_di: ClassVar[DI] = DI.VALUES | DI.SCOPES

    def run(self, fn: Function, ctx: PassContext) -> bool:
        preds = fn.predecessors()
        changed = False
        gone: list[Block] = []  # folded arms, unlinked from the order at the end
        # last block first: an inner diamond folds before the one around it
        for b in reversed(list(fn.blocks)):
            if b.function is None:
                continue  # an arm removed by an earlier fold
            t = b.terminator
            if not isinstance(t, Branch):
                continue
            plan = _plan(b, t, preds)
            if plan is None:
                continue
            join, sides = plan
            gone += _fold(b, t, join, sides, preds)
            ctx.count("select-form.folded")
            changed = True
        unlink_blocks(fn, gone)
        return changed


register(SelectFormation)


def _side(b: Block, succ_block: Block, args: tuple[Value, ...],
          preds: dict[Block, list[Block]]) -> tuple[Block, _Side] | None:
    """(join, side) for one successor of `b`'s branch."""
    arm_term = succ_block.terminator
    if (succ_block is not b and not succ_block.params and isinstance(arm_term, Jump)
            and preds[succ_block] == [b]):
        return arm_term.succs[0].block, _Side(succ_block, tuple(arm_term.succs[0].arg_values))
    return succ_block, _Side(None, args)


def _speculatable(inst: Inst) -> bool:
    if not inst.info.pure or inst.op in _UNSPECULATABLE:
        return False
    return all(_plain(v) for v in (inst, *(u.value for u in inst.operands)))


def _plain(v: Value) -> bool:
    """An integer of at most 64 bits or a pointer (no floating point, no i128)."""
    return v.ty == PTR or isinstance(v.ty, IntType) and v.ty.bits <= 64


def _selectable(v: Value) -> bool:
    return v.ty == PTR or isinstance(v.ty, IntType) and 8 <= v.ty.bits <= 64


def _plan(b: Block, t: Branch, preds: dict[Block, list[Block]]
          ) -> tuple[Block, tuple[_Side, _Side]] | None:
    s_true, s_false = t.succs
    one = _side(b, s_true.block, tuple(s_true.arg_values), preds)
    two = _side(b, s_false.block, tuple(s_false.arg_values), preds)
    if one is None or two is None or one[0] is not two[0]:
        return None
    join = one[0]
    sides = (one[1], two[1])
    if join is b or join in (sides[0].arm, sides[1].arm) or sides[0].arm is sides[1].arm \
            and sides[0].arm is not None:
        return None
    speculated = 0
    for side in sides:
        if side.arm is None:
            continue
        body = side.arm.insts[:-1]
        speculated += len(body)
        if not all(_speculatable(i) for i in body):
            return None
        if any(r.kind is not DbgKind.NEW for i in side.arm.insts for r in i.dbg_records):
            return None
    if speculated > MAX_SPECULATED:
        return None
    differing = [(x, y) for x, y in zip(*(s.args for s in sides), strict=True) if x is not y]
    if not differing or len(differing) > MAX_SELECTS:
        return None  # nothing to choose (simplifycfg's case), or too much
    if not all(_selectable(x) for x, _ in differing):
        return None
    if any(_feeds_address(join.params[k]) for k, (x, y) in
           enumerate(zip(*(s.args for s in sides), strict=True)) if x is not y):
        return None
    return join, sides


def _feeds_address(v: Value) -> bool:
    """Does `v` reach a load or store address, through arithmetic and block
    arguments (a bytecode interpreter's `pc`, say)? A branch lets the CPU run ahead
    on its prediction where a cmov would make every later access wait for the
    condition's own load, so such a choice stays a branch (LLVM's x86 cmov
    conversion turns those back into branches). Looks at most `_ADDRESS_BUDGET`
    uses; beyond that, no."""
    seen = {id(v)}
    work = [v]
    budget = _ADDRESS_BUDGET
    while work:
        cur = work.pop()
        for u in cur.uses:
            if u.is_debug:
                continue
            budget -= 1
            if budget < 0:
                return False
            user = u.user
            if isinstance(user, PtrAdd) or isinstance(user, (Load, Store)) and user.ptr is cur:
                return True
            nxt: list[Value] = []
            if isinstance(user, Inst) and user.is_terminator:
                nxt = [s.block.params[k] for s in user.succs
                       for k, a in enumerate(s.args) if a is u]
            elif isinstance(user, (Binary, Cast)):
                nxt = [user]
            for n in nxt:
                if id(n) not in seen:
                    seen.add(id(n))
                    work.append(n)
    return False


def _fold(b: Block, t: Branch, join: Block, sides: tuple[_Side, _Side],
          preds: dict[Block, list[Block]]) -> list[Block]:
    """Fold the branch into selects; returns the arms, deleted but still in the
    function's order."""
    cond = t.cond
    stale = []  # the arms' variable records: true on one path only
    for side in sides:
        if side.arm is None:
            continue
        for inst in list(side.arm.insts[:-1]):
            stale += inst.dbg_records
            move_to(inst, b, None, LocPolicy.DROP)
        stale += side.arm.insts[-1].dbg_records
    args: list[Value] = []
    loc = keep(t)
    for x, y in zip(*(s.args for s in sides), strict=True):
        if x is y:
            args.append(x)
        else:
            args.append(insert_before_terminator(b, Select(cond, x, y, loc=loc)))
    jump_loc = loc.without_atom() if isinstance(loc, DILocation) else loc
    new = replace_terminator(b, Jump(join, args, loc=jump_loc))
    if stale:
        move_records_to(stale, new, front=False)
        for rec in stale:
            make_unavailable(rec, Why(WhyKind.JOIN))
    arms = [s.arm for s in sides if s.arm is not None]
    discard_blocks(arms)
    # keep the predecessor lists true for the blocks still to visit
    gone = {id(a) for a in arms}
    kept = [p for p in preds[join] if id(p) not in gone and p is not b]
    preds[join] = [*kept, b]
    for a in arms:
        preds.pop(a, None)
    return arms
