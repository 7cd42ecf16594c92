"""Unroll-and-jam (`unroll-jam`): F iterations of an outer loop share one inner loop.

In `for (j...) { s = 0; for (k...) s += a[i][k] * b[k][j]; c[i][j] = s; }` every
inner iteration loads `a[i][k]` and steps, tests and branches on `k` for one
multiply-add. Unrolling the j loop F times (F = 4, else 2: `JAM_FACTORS`, the
largest that divides the trip count) and fusing ("jamming") the copies of the k
loop (Callahan, Carr and Kennedy; LLVM's LoopUnrollAndJam) gives, for F = 2,

    for (j = 0; j < N; j += 2) {
        s0 = 0; s1 = 0;                       // fore, copies 0 and 1
        for (k...) { s0 += a[i][k] * b[k][j]; s1 += a[i][k] * b[k][j+1]; }
        c[i][j] = s0; c[i][j+1] = s1;         // aft, copies 0 and 1
    }

so one load of `a[i][k]` and one counter step, test and branch serve F
multiply-adds. Copies 1.. of the fore blocks and the inner loop do not copy an
instruction whose operands are the same as copy 0's (the address and load of
`a[i][k]`, the step and test of `k`): nothing there stores, so copy 0's result
is the value; left to gvn, iv-sr would first have strength-reduced the copies
apart. loop-unroll then unrolls the fused loop as it is small enough
(counted_unroll.py): matmul.c's loop does 8 multiply-adds per iteration.

Shape (after loop-rotate): the outer loop is a straight chain of "fore" blocks
(its header first, the inner loop's preheader last, whose branch may be the
rotated inner loop's guard, if it is decided by constants), the inner loop (a
straight chain ending in its only latch, which is also its only exit), and a
straight chain of "aft" blocks from the inner loop's exit to the outer loop's
only latch. Conditions, each needed for the jammed order (iteration j+1's fore
and inner loop run before iteration j's aft) to compute what the source does:

* the outer loop is counted (`latch_trip_count`) with a trip count F divides,
  so only the last copy's latch can exit and the others' tests go (as in
  counted_unroll.py);
* its counter steps by a constant (copy m's counter, j + m*step, is made in
  the header);
* the inner loop is innermost, its trip count constant (the same for every
  copy, so copy 0's exit test serves all);
* no call, no volatile or atomic access, no other memory writer, and no
  instruction that may trap other than loads, anywhere in the nest;
* fore and inner loop store nothing; aft stores only into objects that no load
  of the fore blocks or the inner loop may read (`underlying_objects`, the alias
  query of licm-loads and loop-load-elim);
* the outer loop's other carried values (`check += ...` in aft) are used only in
  aft (copy m's fore and inner loop run before copy m-1's aft computes them);
* size limits (`JAM_MAX_SIZE`, `JAM_MAX_INNER`), and an inner loop short enough
  for loop-unroll to unroll it fully is left to it;
* what a user stepping sees (`_steps_forward`): the inner loop all on one line,
  and fore and aft each ending on a line no later than they start on, so `step`
  never goes back where -O0 does not.

Debug info: copies keep lines, columns and scopes with a fresh atom group per
copy of a source atom (`remap_atoms`; an inlined call gets a call site of its
own per copy). Copies 1.. of the fore blocks and the inner loop lose their value
records: in the fused loop the variables (`j`, `s`, `k`) describe copy 0's
iteration throughout, as at -O0 while that iteration's inner loop runs. (Keeping
the copies' records measured worse: atomc-dbgeval on matmul.c at N = 16, variable
availability 87.1% against 93.5%, the same as without the pass; and a copy's
record of a carried value would name a value its aft computes later.) The
copies' aft keep their records (their stores happen in the source's order,
their `s` is their iteration's). The tests turned into
jumps keep their location (keep rule); the copies' counters have none (drop
rule: the `for` line's step, run early). LOCS, VALUES and SCOPES are kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..ir import (
    ARTIFICIAL,
    Binary,
    Block,
    Branch,
    Cmp,
    Const,
    DbgRecord,
    Function,
    Inst,
    Jump,
    Load,
    Op,
    Store,
    Value,
)
from ..ir.cloning import Cloner
from ..ir.debuginfo import DILocation
from ..ir.insts import ATOMIC_OPS, MEMORY_WRITERS, arg_loc
from ..ir.interp_eval import eval_cmp
from ..ir.locations import call_chain, copy_call_sites, keep, remap_atoms
from ..ir.loops import Loop, loop_info
from ..ir.rewrite import insert_at, insert_blocks_after, jump_to, redirect_edge, replace_terminator
from .counted_unroll import latch_trip_count, step_line
from .load_hoist import underlying_objects
from .loop_passes import FULL_UNROLL_MAX_SIZE, constant_trip_count
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

JAM_FACTORS = (4, 2)
# instructions of the whole outer loop, and of the inner loop, before jamming
JAM_MAX_SIZE = 120
JAM_MAX_INNER = 32

# instructions that may appear in a jammed nest (besides loads and stores, checked apart)
_PLAIN_OPS = frozenset({
    Op.ADD, Op.SUB, Op.MUL, Op.AND, Op.OR, Op.XOR, Op.SHL, Op.LSHR, Op.ASHR,
    Op.FADD, Op.FSUB, Op.FMUL, Op.FDIV, Op.ICMP, Op.FCMP, Op.ZEXT, Op.SEXT, Op.TRUNC,
    Op.PTRTOINT, Op.INTTOPTR, Op.SITOFP, Op.UITOFP, Op.FPTOSI, Op.FPTOUI, Op.FPEXT,
    Op.FPTRUNC, Op.FNEG, Op.BITCAST, Op.CLZ, Op.CTZ, Op.PTRADD, Op.SELECT, Op.JUMP, Op.BRANCH,
})


@dataclass(frozen=True, slots=True)
class JamPlan:
    """A nest `unroll-jam` may jam: the outer loop's blocks in their three chains."""

    fore: list[Block]  # header first, the inner loop's preheader last
    inner: list[Block]  # the inner loop's header first, its latch last
    aft: list[Block]  # the inner loop's exit first, the outer loop's latch last
    counter: int  # index of the outer counter among the header's parameters
    step: Binary  # the counter's step `counter + c`
    factor: int  # copies of the body that share one inner loop


def _chain(start: Block, end: Block, loop: Loop,
           preds: dict[Block, list[Block]]) -> list[Block] | None:
    """start -> ... -> end, each block but `end` ending in a jump to the next, each
    but `start` with one predecessor, all in `loop`; None if it is not such a chain."""
    out = [start]
    cur = start
    while cur is not end:
        term = cur.terminator
        if not isinstance(term, Jump) or len(out) > len(loop.blocks):
            return None
        cur = term.succs[0].block
        if not loop.contains(cur) or len(preds.get(cur, ())) != 1 or cur in out:
            return None
        out.append(cur)
    return out


def _enters(pre: Block, header: Block, exit_block: Block) -> bool:
    """Does `pre` always go on to `header` (a jump, or a guard decided by constants
    whose other side is `exit_block`)?"""
    term = pre.terminator
    if isinstance(term, Jump):
        return term.succs[0].block is header
    if not isinstance(term, Branch):
        return False
    targets = [s.block for s in term.succs]
    if header not in targets or exit_block not in targets or targets[0] is targets[1]:
        return False
    cond = term.cond
    if isinstance(cond, Cmp) and cond.op is Op.ICMP and isinstance(cond.lhs, Const) \
            and isinstance(cond.rhs, Const):
        taken = bool(eval_cmp(cond.pred, cond.lhs.ty, cond.lhs.int_value, cond.rhs.int_value))
    elif isinstance(cond, Const):
        taken = bool(cond.int_value)
    else:
        return False
    return targets[0 if taken else 1] is header


def _counter(loop: Loop, latch: Block) -> tuple[int, Binary] | None:
    """The outer counter: a header parameter stepped by `+ const` on the back edge
    and tested by the latch (the one `latch_trip_count` counted)."""
    term = latch.terminator
    assert isinstance(term, Branch) and isinstance(term.cond, Cmp)
    back = next(s for s in term.succs if s.block is loop.header).arg_values
    for k, p in enumerate(loop.header.params):
        nxt = back[k]
        if isinstance(nxt, Binary) and nxt.op is Op.ADD and nxt.lhs is p \
                and isinstance(nxt.rhs, Const) and term.cond.lhs in (p, nxt):
            return k, nxt
    return None


def _block_of(user: object) -> Block | None:
    if isinstance(user, DbgRecord):
        return user.inst.block if user.inst is not None else None
    assert isinstance(user, Inst)
    return user.block


def jam_plan(loop: Loop, fn: Function, preds: dict[Block, list[Block]],
             full_limit: int) -> JamPlan | None:
    """The plan to jam `loop`, if every condition of the module docstring holds.
    `full_limit`: loop-unroll's size limit for full unrolling at this level."""
    if len(loop.children) != 1 or loop.children[0].children:
        return None
    inner = loop.children[0]
    inner_size = sum(len(b.insts) for b in inner.blocks)
    if sum(len(b.insts) for b in loop.blocks) > JAM_MAX_SIZE or inner_size > JAM_MAX_INNER:
        return None
    short = constant_trip_count(inner, fn, preds)
    if short is not None and (short + 1) * inner_size <= full_limit:
        return None  # loop-unroll unrolls it fully (the outer loop is then innermost)
    outer_tc = latch_trip_count(loop, preds)
    factor = next((f for f in JAM_FACTORS if outer_tc is not None and outer_tc.trips % f == 0
                   and outer_tc.trips >= 2 * f), None)
    if factor is None:
        return None
    latch = loop.latches()[0]
    counter = _counter(loop, latch)
    inner_tc = latch_trip_count(inner, preds)
    if counter is None or inner_tc is None:
        return None
    x = inner_tc.exit
    pre = inner.outside_preds(preds)[0]
    if not loop.contains(x) or not loop.contains(pre) or not _enters(pre, inner.header, x):
        return None
    fore = _chain(loop.header, pre, loop, preds)
    body = _chain(inner.header, inner.latches()[0], inner, preds)
    if fore is None or body is None or len(body) != len(inner.blocks):
        return None
    if set(preds[x]) - {pre, inner.latches()[0]}:
        return None
    aft = _aft_chain(x, latch, loop, preds)
    if aft is None or len(fore) + len(body) + len(aft) != len(loop.blocks):
        return None
    plan = JamPlan(fore, body, aft, counter[0], counter[1], factor)
    if not _memory_ok(plan, preds) or not _carried_ok(plan) or not _steps_forward(plan):
        return None
    return plan


def _steps_forward(plan: JamPlan) -> bool:
    """Does `step` through the jammed nest go back only where -O0 does? The fused
    loop repeats the inner loop's body: all of it on one line (as counted_unroll.py
    asks of the loops it unrolls), copies of it stop nowhere else. The copies of
    the fore blocks, and those of the aft blocks, follow each other: a region
    whose code ends on an earlier line than it starts on (a `while` test after its
    body) would step back from its end to its start, which -O0 never does."""
    if len(set(_lines(plan.inner))) > 1:
        return False
    for region in (plan.fore, plan.aft):
        keys = _lines(region)
        if keys and (keys[0][1:] != keys[-1][1:] or keys[-1][0] > keys[0][0]):
            return False
    return True


def _lines(blocks: list[Block]) -> list[tuple[int, object, object]]:
    """What `step` compares (`step_line`), for each located instruction in order."""
    return [step_line(i.loc)
            for b in blocks for i in b.insts if i.loc is not None and i.loc.line != 0]


def _aft_chain(x: Block, latch: Block, loop: Loop,
               preds: dict[Block, list[Block]]) -> list[Block] | None:
    """The chain from the inner loop's exit `x` (two predecessors with a guard) to the
    outer latch."""
    if x is latch:
        return [x]
    term = x.terminator
    if not isinstance(term, Jump):
        return None
    first = term.succs[0].block
    if not loop.contains(first) or len(preds.get(first, ())) != 1:
        return None
    rest = _chain(first, latch, loop, preds)
    return None if rest is None or x in rest else [x, *rest]


def _memory_ok(plan: JamPlan, preds: dict[Block, list[Block]]) -> bool:
    """No call, volatile or atomic access, other writer or trapping instruction; only
    aft stores, into objects no fore or inner load reads."""
    reads: list[Load] = []
    writes: list[Store] = []
    aft = set(plan.aft)
    for b in (*plan.fore, *plan.inner, *plan.aft):
        for i in b.insts:
            if isinstance(i, Load) and i.op is Op.LOAD:
                if i.volatile:
                    return False
                if b not in aft:
                    reads.append(i)
            elif isinstance(i, Store) and i.op is Op.STORE:
                if i.volatile or b not in aft:
                    return False
                writes.append(i)
            elif i.op not in _PLAIN_OPS or i.op in MEMORY_WRITERS or i.op in ATOMIC_OPS \
                    or i.info.may_trap or i.info.is_call:
                return False
    if not writes:
        return True
    stored: set[int] = set()
    for s in writes:
        objs = underlying_objects(s.ptr, preds)
        if objs is None:
            return False
        stored |= objs
    for ld in reads:
        objs = underlying_objects(ld.ptr, preds)
        if objs is None or objs & stored:
            return False
    return True


def _carried_ok(plan: JamPlan) -> bool:
    """The outer loop's carried values but its counter are read only in aft (debug
    records aside: the copies' fore and inner loop lose theirs)."""
    early = {id(b) for b in (*plan.fore, *plan.inner)}
    for k, p in enumerate(plan.fore[0].params):
        if k == plan.counter:
            continue
        for u in p.uses:
            if not u.is_debug and id(_block_of(u.user)) in early:
                return False
    return True


def _clone_into(cloner: Cloner, src: Block, fn: Function, own_params: bool,
                share: bool) -> Block:
    """A copy of `src`. With `share` (fore and inner loop, which store nothing), an
    instruction whose operands are the same as copy 0's is not copied: the copy
    uses copy 0's result (`a[i][k]`'s address and load, the inner counter's step
    and test), which iv-sr would otherwise strength-reduce apart before gvn."""
    nb = Block(src.name + ".jam" if src.name else "", src.source_label)
    nb.function = fn
    if own_params:
        for p in src.params:
            cloner.vmap[p] = nb.add_param(p.ty, p.name)
    for inst in src.insts:
        if share and (inst.info.pure or isinstance(inst, Load)) and not inst.is_terminator \
                and all(cloner.value(u.value) is u.value for u in inst.operands):
            cloner.vmap[inst] = inst
            continue
        nb.append(cloner.clone_inst(inst))
    return nb


def _edge(term: Inst, target: Block) -> tuple[int, list[Value], list[DILocation | None]]:
    i = next(n for n, s in enumerate(term.succs) if s.block is target)
    args = term.succs[i].args
    return i, [u.value for u in args], [arg_loc(u) for u in args]


def _shared_params(header: Block, pre: Block, latch: Block) -> set[int]:
    """Inner header parameters whose copies all hold the same values: entered with
    a value defined outside the outer loop's fore blocks (a constant), stepped by
    `+ const`."""
    pre_term, latch_term = pre.terminator, latch.terminator
    assert pre_term is not None and latch_term is not None
    entry = _edge(pre_term, header)[1]
    back = _edge(latch_term, header)[1]
    out: set[int] = set()
    for k, p in enumerate(header.params):
        nxt = back[k]
        if isinstance(entry[k], Const) and isinstance(nxt, Binary) \
                and nxt.op is Op.ADD and nxt.lhs is p and isinstance(nxt.rhs, Const):
            out.add(k)
    return out


@dataclass(frozen=True, slots=True)
class _Copy:
    """Copy m (m >= 1) of the outer loop's body: its blocks in the three chains."""

    fore: list[Block]
    inner: list[Block]
    aft: list[Block]
    vmap: dict[Value, Value]


def jam(plan: JamPlan, fn: Function) -> list[Block]:
    """Jam the nest of `plan` (`plan.factor` copies); the new blocks."""
    module = fn.module
    assert module is not None
    header, pre = plan.fore[0], plan.fore[-1]
    ih, il = plan.inner[0], plan.inner[-1]
    x, latch = plan.aft[0], plan.aft[-1]
    latch_term = latch.terminator
    assert latch_term is not None
    back = _edge(latch_term, header)[1]
    counter = header.params[plan.counter]
    step, by = plan.step, plan.step.rhs
    assert isinstance(by, Const)
    shared = _shared_params(ih, pre, il)
    ih_params, x_params = list(ih.params), list(x.params)
    steps: list[Binary] = []
    copies: list[_Copy] = []
    prev: dict[Value, Value] = {}
    for m in range(1, plan.factor):
        nxt = Binary(Op.ADD, counter, Const(counter.ty, by.int_value * m),
                     loc=ARTIFICIAL, name=counter.name, nsw=step.nsw)
        steps.append(nxt)
        # copy m starts with what copy m-1 passes back to the header
        vmap: dict[Value, Value] = {p: (nxt if k == plan.counter else prev.get(back[k], back[k]))
                                    for k, p in enumerate(header.params)}
        cloner = Cloner(vmap=vmap)
        fore = [_clone_into(cloner, b, fn, b is not header, True) for b in plan.fore]
        for k, p in enumerate(ih_params):
            vmap[p] = p if k in shared else ih.add_param(p.ty, p.name)
        for p in x_params:
            vmap[p] = x.add_param(p.ty, p.name)
        inner = [_clone_into(cloner, b, fn, b is not ih, True) for b in plan.inner]
        aft = [_clone_into(cloner, b, fn, b is not x, False) for b in plan.aft]
        for olds, news in ((plan.fore, fore), (plan.inner, inner), (plan.aft, aft)):
            for b, nb in zip(olds[1:], news[1:], strict=True):
                cloner.bmap[b] = nb
        cloner.finish()
        copies.append(_Copy(fore, inner, aft, vmap))
        prev = vmap
    for nxt in reversed(steps):  # after cloning: the copies have no counter step of their own
        insert_at(header, 0, nxt)
    new_blocks = [b for c in copies for b in (*c.fore, *c.inner, *c.aft)]
    for c in copies:
        cloned = [i for nb in (*c.fore, *c.inner, *c.aft) for i in nb.insts]
        remap_atoms(cloned, {}, module.atoms)
        own = next((i.loc for i in header.insts if isinstance(i.loc, DILocation)), None)
        if own is not None:
            copy_call_sites(cloned, call_chain(own), module.atoms)
        for nb in (*c.fore, *c.inner):
            for i in nb.insts:
                for rec in list(i.dbg_records):
                    rec.detach()
    _wire(plan, copies, shared)
    _outside_uses(plan, copies[-1].vmap, {id(b) for b in new_blocks})
    insert_blocks_after(fn, pre, [b for c in copies for b in c.fore])
    insert_blocks_after(fn, il, [b for c in copies for b in c.inner])
    insert_blocks_after(fn, latch, [b for c in copies for b in c.aft])
    return new_blocks


def _wire(plan: JamPlan, copies: list[_Copy], shared: set[int]) -> None:
    """fore0 -> fore1 ... -> fused inner loop (copies 0, 1, ... in turn, copy 0's exit
    test at the end) -> aft0 -> aft1 ... -> header."""
    ih, x = plan.inner[0], plan.aft[0]
    pres = [plan.fore[-1], *(c.fore[-1] for c in copies)]
    ils = [plan.inner[-1], *(c.inner[-1] for c in copies)]
    latches = [plan.aft[-1], *(c.aft[-1] for c in copies)]
    entry: list[Value] = []
    entry_locs: list[DILocation | None] = []
    back: list[Value] = []
    back_locs: list[DILocation | None] = []
    out: list[Value] = []
    out_locs: list[DILocation | None] = []
    first = True
    bi = 0
    cond: Value | None = None
    for m, (pre, il) in enumerate(zip(pres, ils, strict=True)):
        pre_term, il_term = pre.terminator, il.terminator
        assert pre_term is not None and isinstance(il_term, Branch)
        _, e, el = _edge(pre_term, ih)
        bi, b, bl = _edge(il_term, ih)
        _, o, ol = _edge(il_term, x)
        own = range(len(e)) if first else [k for k in range(len(e)) if k not in shared]
        entry += [e[k] for k in own]
        entry_locs += [el[k] for k in own]
        back += [b[k] for k in own]
        back_locs += [bl[k] for k in own]
        out += o
        out_locs += ol
        if first:
            cond = il_term.cond
        first = False
        nxt_fore = copies[m].fore[0] if m < len(copies) else None
        if nxt_fore is not None:
            jump_to(pre, nxt_fore, [], loc_from=pre_term)
            jump_to(il, copies[m].inner[0], [], loc_from=il_term)
    last_pre, last_il = pres[-1], ils[-1]
    pre_term, il_term = last_pre.terminator, last_il.terminator
    assert pre_term is not None and il_term is not None and cond is not None
    j = jump_to(last_pre, ih, [], loc_from=pre_term)
    redirect_edge(j, 0, ih, entry, entry_locs)
    xi = 1 - bi
    fused = Branch(cond, ih, x, loc=keep(il_term)) if bi == 0 else \
        Branch(cond, x, ih, loc=keep(il_term))
    replace_terminator(last_il, fused)
    redirect_edge(fused, bi, ih, back, back_locs)
    redirect_edge(fused, xi, x, out, out_locs)
    for lt, c in zip(latches, copies, strict=False):
        term = lt.terminator
        assert term is not None
        jump_to(lt, c.aft[0], [], loc_from=term)


def _outside_uses(plan: JamPlan, vmap: dict[Value, Value], new: set[int]) -> None:
    """The loop leaves from the last copy's latch: uses after it read that copy's values."""
    inside = {id(b) for b in (*plan.fore, *plan.inner, *plan.aft)} | new
    for b in (*plan.fore, *plan.inner, *plan.aft):
        defs: list[Value] = [*b.params, *b.insts]
        for v in defs:
            if v not in vmap:
                continue
            for u in list(v.uses):
                user = u.user
                if id(_block_of(user)) in inside:
                    continue
                if isinstance(user, DbgRecord):
                    user.set_value(vmap[v])
                else:
                    u.set(vmap[v])


class UnrollAndJam(FunctionPass):
    """Unroll an outer loop twice and fuse the copies of its inner loop (module docstring)."""

    name: ClassVar[str] = "unroll-jam"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        if ctx.size_opt:
            return False
        preds = fn.predecessors()
        full = FULL_UNROLL_MAX_SIZE.get(ctx.opt_level, 160)
        plans = [p for lp in loop_info(fn).innermost_first()
                 if (p := jam_plan(lp, fn, preds, full)) is not None]
        for plan in plans:  # the nests are disjoint: each outer loop holds one innermost loop
            jam(plan, fn)
            ctx.count("unroll-jam.jammed")
        return bool(plans)


register(UnrollAndJam)


__all__ = ["JAM_FACTORS", "JAM_MAX_INNER", "JAM_MAX_SIZE", "JamPlan", "UnrollAndJam", "jam",
           "jam_plan"]
