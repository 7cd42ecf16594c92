"""Passes that duplicate code: loop rotation, jump threading, loop unrolling.

All three use `duplication.py` (demote, clone, mem2reg), so each copy of a
source atom gets a fresh atom group and value records are rebuilt by mem2reg.

* `loop-rotate`: a loop whose header tests the exit condition gets a copy of
  the header in its preheader (the guard) and at the end of each latch, so the
  test moves to the bottom (do-while form).
* `jump-threading`: a small block that branches on one of its parameters is
  duplicated into each predecessor that passes a constant for it; constant
  folding then removes the branch on that path.
* `loop-unroll`: the loop body is copied K-1 times with the back edges
  chained through the copies (every copy keeps its exit tests, so any K is
  correct); K is the trip count + 1 for short constant-trip loops (full
  unrolling once constants fold), 4 or 2 for a small one-block loop whose
  known trip count K divides (then only the last copy keeps its exit test:
  counted_unroll.py), and 2 for small loops at -O3.

Debug info: see duplication.py (LOCS kept with fresh atom groups per copy;
VALUES rebuilt by mem2reg; SCOPES unchanged, except that a call inlined into an
unrolled body gets a call site of its own per copy (`DILocation.copy`), so each
copy is an inlined instance of its own that the debugger enters and leaves) and
counted_unroll.py (the folded exit tests). A full unroll also tags each copy's
atoms with its trip (`_Trips`, ir/function.py Iteration): the header's test folds
away in every copy, and the line-table writer gives each trip a stop on the
header's line where it has room (dwarf/iteration_heads.py), as -O0 stops there
before every trip.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar

from ..ir import Binary, Block, Branch, Cmp, Const, Function, Jump, Op, work
from ..ir.cfgstate import CFGState, checking
from ..ir.cloning import Cloner
from ..ir.debuginfo import DILocation
from ..ir.function import AtomCounter, Iteration, atom_key
from ..ir.interp_eval import eval_cmp
from ..ir.locations import call_chain, copy_call_sites, remap_atoms
from ..ir.loops import Loop, LoopInfo, loop_info
from ..ir.rewrite import insert_blocks_after
from .counted_unroll import CountedPick, counted_pick, fold_untaken_exits
from .duplication import demote_escaping, promote_demoted
from .dupstate import DupSession, LoopQueue
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

ROTATE_MAX_HEADER = 16
THREAD_MAX_BLOCK = 8
FULL_UNROLL_MAX_TRIPS = 16
FULL_UNROLL_MAX_SIZE = {2: 160, 3: 400}
PARTIAL_UNROLL_MAX_SIZE = 40


def _loop_size(loop: Loop) -> int:
    return sum(len(b.insts) for b in loop.blocks)


class LoopRotate(FunctionPass):
    """Move loop exit tests from the header to the bottom. Debug info: module docstring."""

    name: ClassVar[str] = "loop-rotate"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        done: set[int] = set()
        session = DupSession(fn)
        cfg = session.cfg
        queue = LoopQueue(session)
        while True:
            target = self._next(queue, cfg, done)
            if checking():
                session.blocks()
                queue.check_next(target[0] if target else None,
                                 (t := _next_recomputed(fn, done)) and t[0])
            if target is None:
                break
            loop, pre = target
            done.add(id(loop.header))
            header = loop.header
            all_latches = queue.latches(loop)
            latches = [b for b in all_latches if isinstance(b.terminator, Jump)]
            if len(latches) != len(all_latches):
                continue
            keep_order = queue.exits_keep_order(loop)
            slots = demote_escaping([header], fn)
            guard = session.clone_into_pred(header, pre)
            bottoms = [session.clone_into_pred(header, latch) for latch in latches]
            # The guard takes the header's place in the dominator tree (same parent, same
            # children); each bottom test is dominated by its latch and dominates nothing.
            cfg.replace_node(header, guard)
            for latch, bottom in zip(latches, bottoms, strict=True):
                cfg.add_leaf(bottom, latch)
            session.remove_if_unreachable(header)
            session.check("loop-rotate")
            session.promote(slots)
            queue.rotated(loop, guard, bottoms, keep_order)
            ctx.count("loop-rotate.rotated")
            changed = True
        session.finish()
        return changed

    @staticmethod
    def _next(queue: LoopQueue, cfg: CFGState, done: set[int]) -> tuple[Loop, Block] | None:
        """The first loop of the queue to rotate. Loops passed over stay unrotatable:
        rotating another loop never changes what this test looks at."""
        loops = queue.loops
        while queue.cursor < len(loops):
            loop = loops[queue.cursor]
            pre = _rotatable(loop, cfg.preds, done)
            if pre is not None:
                return loop, pre
            queue.cursor += 1
        return None


register(LoopRotate)


def _rotatable(loop: Loop, preds: dict[Block, list[Block]], done: set[int]) -> Block | None:
    """The preheader of `loop` if it is one loop-rotate transforms."""
    h = loop.header
    if id(h) in done or len(h.insts) > ROTATE_MAX_HEADER:
        return None
    term = h.terminator
    if not isinstance(term, Branch):
        return None
    if all(loop.contains(s) for s in h.successors):
        return None  # the header does not exit: nothing to rotate
    if len(loop.blocks) == 1:
        return None  # already a bottom-tested single-block loop
    return loop.preheader(preds)


def _next_recomputed(fn: Function, done: set[int]) -> tuple[Loop, Block] | None:
    """What the queue must pick, from fresh analyses (checking mode)."""
    li = LoopInfo(fn)
    preds = fn.predecessors()
    for loop in li.innermost_first():
        pre = _rotatable(loop, preds, done)
        if pre is not None:
            return loop, pre
    return None


class JumpThreading(FunctionPass):
    """Duplicate small branching blocks into predecessors that decide the branch."""

    name: ClassVar[str] = "jump-threading"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        budget = 32
        # threading never makes or unmakes a loop header (see _thread_dominators)
        headers = {id(lp.header) for lp in loop_info(fn).loops}
        preds_of = fn.predecessors()
        start = {b: i for i, b in enumerate(fn.blocks)}
        position: Callable[[Block], object] = start.__getitem__
        # every block that qualifies, with its predecessors that pass a constant;
        # after each threading only the blocks it touched are looked at again
        cands: dict[Block, list[Block]] = {}
        for b in fn.blocks:
            good = _threadable(fn, b, headers, preds_of, position)
            if good:
                cands[b] = good
        work.add("jump-threading.blocks", len(fn.blocks))
        session: DupSession | None = None
        while budget and cands:
            budget -= 1
            block = min(cands, key=position)  # type: ignore[arg-type]
            preds = cands[block]
            if checking():
                _check_candidate(fn, headers, block, preds, session)
            if session is None:
                session = DupSession(fn)
                preds_of, position = session.cfg.preds, session.order.sort_key
            slots = demote_escaping([block], fn)
            copies = [session.clone_into_pred(block, p) for p in preds]
            _thread_dominators(session.cfg, block, preds, copies)
            session.remove_if_unreachable(block)
            session.check("jump-threading")
            touched = session.promote(slots)
            ctx.count("jump-threading.threaded", len(preds))
            changed = True
            # what may have started or stopped qualifying: the block, its copies and
            # successors, and the blocks SSA repair changed (new parameters, new
            # arguments, loads replaced) with their successors
            if touched is None:
                dirty: Iterable[Block] = session.blocks()
            else:
                near = [block, *copies, *(s for c in copies for s in c.successors), *touched]
                dirty = dict.fromkeys([*near, *(s for t in touched for s in t.successors)])
            for x in dirty:
                good = _threadable(fn, x, headers, preds_of, position) \
                    if x in preds_of else None
                if good:
                    cands[x] = good
                else:
                    cands.pop(x, None)
        if session is not None:
            session.finish()
        return changed


register(JumpThreading)


def _threadable(fn: Function, b: Block, headers: set[int], preds_of: dict[Block, list[Block]],
                position: Callable[[Block], object]) -> list[Block] | None:
    """The predecessors (in function order) that pass a constant for the parameter
    `b` branches on, if `b` is a small block jump threading duplicates into them."""
    if b is fn.entry or id(b) in headers or len(b.insts) > THREAD_MAX_BLOCK:
        return None
    term = b.terminator
    if not isinstance(term, Branch) or not b.params:
        return None
    cond = term.cond
    param = None
    if cond in b.params:
        param = cond
    elif isinstance(cond, Cmp) and cond.block is b and cond.lhs in b.params \
            and isinstance(cond.rhs, Const):
        param = cond.lhs
    if param is None:
        return None
    idx = b.params.index(param)
    good = []
    preds = list(dict.fromkeys(preds_of[b]))
    if len(preds) > 1:
        preds.sort(key=position)  # type: ignore[arg-type]
    for p in preds:
        t = p.terminator
        if not isinstance(t, Jump) or p is b:
            continue
        if isinstance(t.succs[0].arg_values[idx], Const):
            good.append(p)
    return good or None


def _check_candidate(fn: Function, headers: set[int], block: Block, preds: list[Block],
                     session: DupSession | None) -> None:
    """Checking mode: the kept candidate is the first one a full scan finds, and the
    loop headers are the ones a fresh analysis finds."""
    blocks = session.blocks() if session is not None else fn.blocks
    if {id(lp.header) for lp in LoopInfo(fn).loops} != headers:
        raise AssertionError("jump threading changed the set of loop headers")
    all_preds = fn.predecessors()
    pos = {b: i for i, b in enumerate(blocks)}
    for b in blocks:
        good = _threadable(fn, b, headers, all_preds, pos.__getitem__)
        if good:
            if b is not block or good != preds:
                raise AssertionError(f"kept jump-threading candidate {block!r} differs from "
                                     f"a full scan's {b!r}")
            return
    raise AssertionError("a full scan finds no jump-threading candidate")


def _thread_dominators(cfg: CFGState, b: Block, threaded: list[Block],
                       copies: list[Block]) -> None:
    """Dominator tree after `b` was copied into the `threaded` predecessors (which now
    jump to `copies`). Each copy hangs under its predecessor. What `b` dominated is
    now reached through the copies and through `b` itself (if it kept a reachable
    predecessor), whose paths split at `b`'s immediate dominator: its children move
    there; nothing deeper changes. A single reachable copy replacing `b` takes its
    place. `b` is never a loop header, so no back edge enters it, and no edge made
    here is a back edge: the set of loop headers stays the same."""
    d = cfg.idom.get(b)
    live = [(p, c) for p, c in zip(threaded, copies, strict=True) if cfg.is_reachable(p)]
    if b not in cfg.idom or not live:
        return
    remaining = cfg.reachable_preds(b)
    if not remaining and len(live) == 1:
        p, c = live[0]
        assert d is p
        cfg.replace_node(b, c)
        return
    for p, c in live:
        cfg.add_leaf(c, p)
    assert d is not None
    for kid in list(cfg.children.get(b, ())):
        cfg.set_idom(kid, d)
    if not remaining:
        cfg.drop_from_tree(b)
        return
    new = remaining[0]
    for r in remaining[1:]:
        new = cfg.lca(new, r)
    cfg.set_idom(b, new)


def constant_trip_count(loop: Loop, fn: Function,
                        preds: dict[Block, list[Block]] | None = None) -> int | None:
    """Iterations of a counted loop `for (i = c0; i <op> n; i += step)`, if small.
    `preds`: the function's predecessor lists, if the caller keeps them."""
    if preds is None:
        preds = fn.predecessors()
    outside = loop.outside_preds(preds)
    if len(outside) != 1 or len(loop.latches()) != 1:
        return None
    h, latch = loop.header, loop.latches()[0]
    entry_edge = next(s for s in outside[0].terminator.succs if s.block is h)  # type: ignore[union-attr]
    back_edge = next(s for s in latch.terminator.succs if s.block is h)  # type: ignore[union-attr]
    for k, p in enumerate(h.params):
        start, nxt = entry_edge.arg_values[k], back_edge.arg_values[k]
        if not (isinstance(start, Const) and isinstance(nxt, Binary) and nxt.op is Op.ADD
                and nxt.lhs is p and isinstance(nxt.rhs, Const)):
            continue
        for b in loop.exiting_blocks():
            term = b.terminator
            if not isinstance(term, Branch) or not isinstance(term.cond, Cmp):
                continue
            cmp = term.cond
            if not isinstance(cmp.rhs, Const) or cmp.lhs not in (p, nxt):
                continue
            stays = loop.contains(term.succs[0].block)
            v = start.int_value
            mask = p.ty.mask  # type: ignore[union-attr]
            step = nxt.rhs.int_value
            for trips in range(FULL_UNROLL_MAX_TRIPS + 1):
                tested = v if cmp.lhs is p else (v + step) & mask
                taken = eval_cmp(cmp.pred, p.ty, tested, cmp.rhs.int_value)
                if bool(taken) != stays:
                    return trips + (0 if cmp.lhs is p else 1)
                v = (v + step) & mask
            return None
    return None


class LoopUnroll(FunctionPass):
    """Unroll loops by chaining copies of the body. Debug info: module docstring."""

    name: ClassVar[str] = "loop-unroll"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        done: set[int] = set()
        session = DupSession(fn)
        queue = LoopQueue(session)
        counted: list[tuple[CountedPick, list[dict[Block, Block]]]] = []
        while True:
            pick = None
            loops = queue.loops
            while queue.cursor < len(loops):
                loop = loops[queue.cursor]
                if id(loop.header) in done or loop.children:
                    queue.cursor += 1
                    continue
                if checking():
                    session.blocks()
                    _check_unroll_pick(fn, loop, done)
                k, cp, full = self._factor(loop, fn, ctx, session.cfg.preds)
                done.add(id(loop.header))
                if k > 1:
                    pick = (loop, k, cp, full)
                    break
            if pick is None:
                session.finish()
                # the copies' untaken exit tests go once every edit is done: the
                # session's dominator tree describes the chained copies with them
                for cp, maps in counted:
                    ctx.count("loop-unroll.folded-exits", fold_untaken_exits(cp, maps))
                return changed
            loop, k, cp, full = pick
            keep_order = queue.exits_keep_order(loop)
            maps = unroll(loop, k, fn, session, full)
            if cp is not None:
                counted.append((cp, maps))
            if not keep_order:
                queue.reset()
            ctx.count("loop-unroll.unrolled")
            changed = True

    def _factor(self, loop: Loop, fn: Function, ctx: PassContext,
                preds: dict[Block, list[Block]] | None = None
                ) -> tuple[int, CountedPick | None, bool]:
        """(K, the counted-loop pick when K divides the trip count, whether K unrolls
        the loop fully)."""
        size = _loop_size(loop)
        if preds is None:
            preds = fn.predecessors()
        trips = constant_trip_count(loop, fn, preds)
        limit = FULL_UNROLL_MAX_SIZE.get(ctx.opt_level, 160)
        if ctx.size_opt:
            return 1, None, False
        if trips is not None and (trips + 1) * size <= limit:
            return trips + 1, None, True
        cp = counted_pick(loop, fn, preds, size)
        if cp is not None:
            return cp.factor, cp, False
        if ctx.opt_level >= 3 and size <= PARTIAL_UNROLL_MAX_SIZE:
            return 2, None, False
        return 1, None, False


register(LoopUnroll)


def _check_unroll_pick(fn: Function, loop: Loop, done: set[int]) -> None:
    """Checking mode: the queue's next loop is the one fresh analyses give, with the
    same blocks."""
    fresh = next((lp for lp in LoopInfo(fn).innermost_first()
                  if id(lp.header) not in done and not lp.children), None)
    if fresh is None or fresh.header is not loop.header or \
            [id(b) for b in fresh.blocks] != [id(b) for b in loop.blocks]:
        raise AssertionError(f"incremental unroll order differs: {loop!r} instead of {fresh!r}")


def unroll(loop: Loop, k: int, fn: Function, session: DupSession | None = None,
           full: bool = False) -> list[dict[Block, Block]]:
    """Chain K-1 copies of `loop`'s body through its back edges; the block map of
    each copy, in order (copy j's header is entered from copy j-1's latches).
    `full`: the copies are all the loop's trips, each tagged with its own."""
    module = fn.module
    assert module is not None
    header = loop.header
    slots = demote_escaping(list(loop.blocks), fn)
    latches = loop.latches()
    copies: list[tuple[Block, list[Block]]] = []  # (header copy, latch copies)
    maps: list[dict[Block, Block]] = []
    added: list[Block] = []
    own = _loop_instance(loop)
    trips = _Trips.of(loop, module.atoms) if full else None
    for j in range(1, k):
        cloner = Cloner()
        new_blocks = [cloner.clone_block(b, fn, ".u") for b in loop.blocks]
        cloner.finish()
        remap_atoms((i for nb in new_blocks for i in nb.insts), {}, module.atoms)
        if trips is not None:
            trips.mark(new_blocks, j, module.atoms)
        if own is not None:
            copy_call_sites((i for nb in new_blocks for i in nb.insts), own, module.atoms)
        added += new_blocks
        copies.append((cloner.bmap[header], [cloner.bmap[lt] for lt in latches]))
        maps.append(cloner.bmap)
    if trips is not None:  # after cloning: the clones' atoms carry no trip 0 of their own
        trips.mark(loop.blocks, 0, module.atoms)
    # the copies go, in order, right after the loop's last block
    if session is None:
        insert_blocks_after(fn, max(loop.blocks, key=fn.blocks.index), added)
    else:
        insert_blocks_after(fn, max(loop.blocks, key=session.order.sort_key), added,
                            session.order)
    # Chain the back edges: original -> copy 1 -> ... -> copy k-1 -> original header.
    sources = [latches] + [lts for _, lts in copies]
    targets = [h for h, _ in copies] + [header]
    current_headers = [header] + [h for h, _ in copies]
    for lts, old_target, new_target in zip(sources, current_headers, targets, strict=True):
        for lt in lts:
            term = lt.terminator
            assert term is not None
            for s in term.succs:
                if s.block is old_target:
                    s.block = new_target
    if session is None:
        promote_demoted(fn, module)
        return maps
    _unrolled_cfg(session.cfg, loop, latches, maps)
    session.check("loop-unroll")
    session.promote(slots)
    return maps


class _Trips:
    """Tags the atoms of each copy of a fully unrolled loop with its trip
    (ir/function.py, Iteration): the header's exit test folds away in every
    copy, and the line-table writer gives each trip a stop on its line."""

    __slots__ = ("header", "loop")

    def __init__(self, loop: int, header: DILocation) -> None:
        self.loop = loop
        self.header = header

    @classmethod
    def of(cls, loop: Loop, atoms: AtomCounter) -> _Trips | None:
        """None when the exit test has no source line (nothing to stop on). The
        test is the loop's own (a latch's in a rotated loop, else the header's),
        not a `break` inside the body that happens to come first: -O0 stops on
        the `while`/`for` line between trips, not on the `if` of the break."""
        test = next((b.terminator.loc for b in _exit_test_order(loop)
                     if isinstance(b.terminator, Branch)), None)
        if not isinstance(test, DILocation) or test.line == 0:
            return None
        return cls(atoms.fresh(), test.without_atom())

    def mark(self, blocks: Iterable[Block], index: int, atoms: AtomCounter) -> None:
        tag = Iteration(self.loop, index, self.header)
        for a in {atom_key(i.loc) for b in blocks for i in b.insts
                  if isinstance(i.loc, DILocation) and i.loc.atom_group}:
            atoms.iterations[a] = (*atoms.iterations.get(a, ()), tag)


def _exit_test_order(loop: Loop) -> list[Block]:
    """The loop's exiting blocks, those that test its own condition first: the
    latches (a rotated loop tests at the bottom), then the header."""
    exiting = loop.exiting_blocks()
    latches = loop.latches()
    return sorted(exiting, key=lambda b: 0 if b in latches else 1 if b is loop.header else 2)


def _loop_instance(loop: Loop) -> tuple[DILocation, ...] | None:
    """The call chain of the inlined instance the loop's own code is in (() in
    the function's own code), from its header's first location; None without
    locations."""
    loc = next((i.loc for i in loop.header.insts if isinstance(i.loc, DILocation)), None)
    return call_chain(loc) if loc is not None else None


def _unrolled_cfg(cfg: CFGState, loop: Loop, latches: list[Block],
                  maps: list[dict[Block, Block]]) -> None:
    """Predecessors and dominators after unrolling. Copy j of a block is dominated by
    copy j of its dominator; copy j's header by copy j-1 of the nearest common
    dominator of the latches (the original's for j = 1). A block outside the loop
    that the loop dominated is now also reached from every copy: its dominator
    becomes the nearest common dominator of the old one and the latches'."""
    header = loop.header
    outside = [c for b in loop.blocks for c in cfg.children.get(b, ()) if not loop.contains(c)]
    for m in maps:
        for nb in m.values():
            cfg.add_block(nb)
    first = maps[0][header]
    for lt in latches:
        cfg.retarget(lt, header, first)
    latch_lca = latches[0]
    for lt in latches[1:]:
        latch_lca = cfg.lca(latch_lca, lt)
    prev: dict[Block, Block] | None = None
    for m in maps:
        for b, nb in m.items():
            if b is header:
                cfg.add_leaf(nb, latch_lca if prev is None else prev[latch_lca])
            else:
                d = cfg.idom[b]
                assert d is not None
                cfg.add_leaf(nb, m[d])
        prev = m
    for c in outside:
        d = cfg.idom[c]
        assert d is not None
        cfg.set_idom(c, cfg.lca(d, latch_lca))
