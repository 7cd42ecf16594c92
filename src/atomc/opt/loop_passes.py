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
  unrolling once constants fold) and 2 for small loops at -O3.

Debug info: see duplication.py (LOCS kept with fresh atom groups per copy;
VALUES rebuilt by mem2reg; SCOPES unchanged).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import Binary, Block, Branch, Cmp, Const, Function, Jump, Op
from ..ir.cloning import Cloner
from ..ir.interp import eval_cmp
from ..ir.locations import remap_atoms
from ..ir.loops import Loop, LoopInfo
from .duplication import clone_into_pred, demote_escaping, promote_demoted, remove_if_unreachable
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

ROTATE_MAX_HEADER = 16
THREAD_MAX_BLOCK = 8
FULL_UNROLL_MAX_TRIPS = 16
FULL_UNROLL_MAX_SIZE = {2: 160, 3: 400}
PARTIAL_UNROLL_MAX_SIZE = 40


def _loop_size(loop: Loop) -> int:
    return sum(len(b.insts) for b in loop.blocks)


@register
class LoopRotate(FunctionPass):
    """Move loop exit tests from the header to the bottom. Debug info: module docstring."""

    name: ClassVar[str] = "loop-rotate"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        done: set[int] = set()
        while True:
            target = self._next(fn, done)
            if target is None:
                break
            loop, pre = target
            done.add(id(loop.header))
            header = loop.header
            latches = [b for b in loop.latches() if isinstance(b.terminator, Jump)]
            if len(latches) != len(loop.latches()):
                continue
            demote_escaping([header], fn)
            module = fn.module
            assert module is not None
            clone_into_pred(header, pre, fn, module)
            for latch in latches:
                clone_into_pred(header, latch, fn, module)
            remove_if_unreachable(header, fn)
            promote_demoted(fn, module)
            ctx.count("loop-rotate.rotated")
            changed = True
        return changed

    def _next(self, fn: Function, done: set[int]) -> tuple[Loop, Block] | None:
        li = LoopInfo(fn)
        preds = fn.predecessors()
        for loop in li.innermost_first():
            h = loop.header
            if id(h) in done or len(h.insts) > ROTATE_MAX_HEADER:
                continue
            term = h.terminator
            if not isinstance(term, Branch):
                continue
            if all(loop.contains(s) for s in h.successors):
                continue  # the header does not exit: nothing to rotate
            if len(loop.blocks) == 1:
                continue  # already a bottom-tested single-block loop
            pre = loop.preheader(preds)
            if pre is None:
                continue
            return loop, pre
        return None


@register
class JumpThreading(FunctionPass):
    """Duplicate small branching blocks into predecessors that decide the branch."""

    name: ClassVar[str] = "jump-threading"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        module = fn.module
        assert module is not None
        budget = 32
        while budget:
            budget -= 1
            found = self._candidate(fn)
            if found is None:
                break
            block, preds = found
            demote_escaping([block], fn)
            for p in preds:
                clone_into_pred(block, p, fn, module)
            remove_if_unreachable(block, fn)
            promote_demoted(fn, module)
            ctx.count("jump-threading.threaded", len(preds))
            changed = True
        return changed

    def _candidate(self, fn: Function) -> tuple[Block, list[Block]] | None:
        li = LoopInfo(fn)
        headers = {id(lp.header) for lp in li.loops}
        preds_of = fn.predecessors()
        for b in fn.blocks:
            if b is fn.entry or id(b) in headers or len(b.insts) > THREAD_MAX_BLOCK:
                continue
            term = b.terminator
            if not isinstance(term, Branch) or not b.params:
                continue
            cond = term.cond
            param = None
            if cond in b.params:
                param = cond
            elif isinstance(cond, Cmp) and cond.block is b and cond.lhs in b.params \
                    and isinstance(cond.rhs, Const):
                param = cond.lhs
            if param is None:
                continue
            idx = b.params.index(param)  # type: ignore[arg-type]
            good = []
            for p in dict.fromkeys(preds_of[b]):
                t = p.terminator
                if not isinstance(t, Jump) or p is b:
                    continue
                if isinstance(t.succs[0].arg_values[idx], Const):
                    good.append(p)
            if good:
                return b, good
        return None


def constant_trip_count(loop: Loop, fn: Function) -> int | None:
    """Iterations of a counted loop `for (i = c0; i <op> n; i += step)`, if small."""
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
            v = start.value
            mask = p.ty.mask  # type: ignore[union-attr]
            step = nxt.rhs.value
            for trips in range(FULL_UNROLL_MAX_TRIPS + 1):
                tested = v if cmp.lhs is p else (v + step) & mask
                taken = eval_cmp(cmp.pred, p.ty, tested, cmp.rhs.value)
                if bool(taken) != stays:
                    return trips + (0 if cmp.lhs is p else 1)
                v = (v + step) & mask
            return None
    return None


@register
class LoopUnroll(FunctionPass):
    """Unroll loops by chaining copies of the body. Debug info: module docstring."""

    name: ClassVar[str] = "loop-unroll"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        done: set[int] = set()
        while True:
            li = LoopInfo(fn)
            pick = None
            for loop in li.innermost_first():
                if id(loop.header) in done or loop.children:
                    continue
                k = self._factor(loop, fn, ctx)
                done.add(id(loop.header))
                if k > 1:
                    pick = (loop, k)
                    break
            if pick is None:
                return changed
            loop, k = pick
            _unroll(loop, k, fn)
            ctx.count("loop-unroll.unrolled")
            changed = True

    def _factor(self, loop: Loop, fn: Function, ctx: PassContext) -> int:
        size = _loop_size(loop)
        trips = constant_trip_count(loop, fn)
        limit = FULL_UNROLL_MAX_SIZE.get(ctx.opt_level, 160)
        if ctx.size_opt:
            return 1
        if trips is not None and (trips + 1) * size <= limit:
            return trips + 1
        if ctx.opt_level >= 3 and size <= PARTIAL_UNROLL_MAX_SIZE:
            return 2
        return 1


def _unroll(loop: Loop, k: int, fn: Function) -> None:
    module = fn.module
    assert module is not None
    header = loop.header
    demote_escaping(list(loop.blocks), fn)
    latches = loop.latches()
    copies: list[tuple[Block, list[Block]]] = []  # (header copy, latch copies)
    anchor = max(fn.blocks.index(b) for b in loop.blocks) + 1
    for _ in range(k - 1):
        cloner = Cloner()
        new_blocks = [cloner.clone_block(b, fn, ".u") for b in loop.blocks]
        cloner.finish()
        remap_atoms((i for nb in new_blocks for i in nb.insts), {}, module.atoms)
        fn.blocks[anchor:anchor] = new_blocks
        anchor += len(new_blocks)
        copies.append((cloner.bmap[header], [cloner.bmap[lt] for lt in latches]))
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
    promote_demoted(fn, module)
