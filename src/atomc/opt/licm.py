"""Loop-invariant code motion: hoist pure, non-trapping instructions whose
operands are all defined outside the loop into the loop's preheader,
innermost loops first (so an invariant of an inner loop can then leave the
outer one as well).

A loop without a preheader gets one: a new block placed before the header
that takes the header's parameters and jumps to it; every edge from outside
the loop is redirected there with its arguments.

Debug info: hoisted instructions get no location (drop rule: they would
otherwise make their line appear to run once before the loop); records in
front of a hoisted instruction stay at the original point inside the loop,
and records of its value keep naming it (it still dominates them). The
preheader's jump has no location either. So LOCS is not claimed; VALUES and
SCOPES are kept.
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import Block, BlockParam, Function, Inst, Jump, Switch, work
from ..ir.blockorder import BlockOrder
from ..ir.cfgstate import checking
from ..ir.dominators import reverse_post_order
from ..ir.locations import drop
from ..ir.loops import Loop, LoopInfo, loop_info
from ..ir.rewrite import LocPolicy, insert_blocks_before, move_to, redirect_edge
from .cfgutils import is_speculatable, succ_args
from .passmanager import DI, FunctionPass, PassContext
from .registry import register


def ensure_preheader(fn: Function, loop: Loop, preds: dict[Block, list[Block]] | None = None,
                     order: BlockOrder | None = None) -> Block | None:
    """The loop's preheader, created if needed; None if the header cannot have one
    (reached from outside by a `switch`, whose edges cannot carry arguments).
    `preds`: the function's predecessor lists, kept current here if given; `order`:
    the pending block order, if the caller keeps one."""
    if preds is None:
        preds = fn.predecessors()
    ph = loop.preheader(preds)
    if ph is not None:
        return ph
    header = loop.header
    outside = loop.outside_preds(preds)
    if not outside:
        return None  # the entry block is a loop header: nothing to hoist to
    for p in outside:
        if isinstance(p.terminator, Switch) and header.params:
            return None
    if len(outside) > 1:  # function order, as predecessors() lists them
        outside.sort(key=order.sort_key if order is not None else fn.blocks.index)
    new = Block(f"{header.name}.preheader" if header.name else "")
    params = [new.add_param(p.ty, p.name) for p in header.params]
    new.append(Jump(header, params, loc=drop()))
    moved: list[Block] = []
    for p in outside:
        term = p.terminator
        assert term is not None
        for i, s in enumerate(term.succs):
            if s.block is header:
                redirect_edge(term, i, new, succ_args(term, i))
                moved.append(p)
    insert_blocks_before(fn, header, [new], order)
    inside = [p for p in preds[header] if not any(p is q for q in outside)]
    preds[header] = [new, *inside]
    preds[new] = moved
    return new


def ensure_preheader_in_nest(fn: Function, loop: Loop,
                             preds: dict[Block, list[Block]]) -> Block | None:
    """`ensure_preheader`, for a pass that keeps using its `LoopInfo`: a preheader
    made here also joins the loops enclosing `loop`."""
    had = loop.preheader(preds)
    ph = ensure_preheader(fn, loop, preds)
    if ph is not None and had is None:
        outer = loop.parent
        while outer is not None:
            outer.add_block(ph)
            outer = outer.parent
    return ph


class LICM(FunctionPass):
    """Hoist loop-invariant code to the preheader (see module docstring)."""

    name: ClassVar[str] = "licm"
    keeps_di: ClassVar[DI] = DI.VALUES | DI.SCOPES

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        # One analysis for the whole function. A preheader made for a loop is the only
        # change to the CFG: it joins every enclosing loop, and in reverse post-order
        # it comes right before its header (the search reaches it on the way there).
        info = loop_info(fn)
        preds = fn.predecessors()
        rpo: dict[int, float] = {id(b): i for i, b in enumerate(info.dom.rpo)}
        blocks = BlockOrder(fn)
        work.add("licm.setup", len(fn.blocks))
        for loop in info.innermost_first():
            if checking():
                _check_loop(fn, blocks, loop, preds, rpo)
            changed |= self._hoist(fn, loop, ctx, preds, rpo, blocks)
        blocks.materialize()
        return changed

    def _hoist(self, fn: Function, loop: Loop, ctx: PassContext,
               preds: dict[Block, list[Block]], order: dict[int, float],
               blocks_order: BlockOrder) -> bool:
        candidates = [i for b in loop.blocks for i in b.insts if is_speculatable(i)]
        work.add("licm.blocks", len(loop.blocks))
        if not candidates:
            return False
        inside = {id(b) for b in loop.blocks}

        def invariant(inst: Inst, hoisted: set[int]) -> bool:
            for u in inst.operands:
                v = u.value
                if isinstance(v, Inst) and v.block is not None and id(v.block) in inside \
                        and id(v) not in hoisted:
                    return False
                if isinstance(v, BlockParam) and id(v.block) in inside:
                    return False
            return True

        # in dominance order, so an operand hoisted earlier makes its users invariant
        blocks = sorted(loop.blocks, key=lambda b: order.get(id(b), 1 << 30))
        hoisted: set[int] = set()
        to_move: list[Inst] = []
        for b in blocks:
            if id(b) not in order:
                continue
            for inst in b.insts:
                if is_speculatable(inst) and invariant(inst, hoisted):
                    hoisted.add(id(inst))
                    to_move.append(inst)
        if not to_move:
            return False
        had = loop.preheader(preds)
        ph = ensure_preheader(fn, loop, preds, blocks_order)
        if ph is None:
            return False
        if had is None:
            order[id(ph)] = order[id(loop.header)] - 0.5
            outer = loop.parent
            while outer is not None:
                outer.add_block(ph)
                outer = outer.parent
        term = ph.terminator
        assert term is not None
        for inst in to_move:
            move_to(inst, ph, None, LocPolicy.DROP, records_stay=True)
        ctx.count("licm.hoisted", len(to_move))
        return True


register(LICM)


def _check_loop(fn: Function, blocks: BlockOrder, loop: Loop,
                preds: dict[Block, list[Block]], rpo: dict[int, float]) -> None:
    """Checking mode: the kept loop, predecessors and order equal fresh analyses."""
    blocks.materialize()
    fresh = next(lp for lp in LoopInfo(fn).loops if lp.header is loop.header)
    if {id(b) for b in fresh.blocks} != {id(b) for b in loop.blocks}:
        raise AssertionError(f"licm: kept blocks of {loop!r} differ from a recomputation")
    real = fn.predecessors()
    if any(sorted(map(id, real[b])) != sorted(map(id, preds.get(b, []))) for b in fn.blocks):
        raise AssertionError("licm: kept predecessor lists differ from a recomputation")
    order = [b for b in reverse_post_order(fn.entry, lambda b: b.successors)]
    kept = sorted((b for b in fn.blocks if id(b) in rpo), key=lambda b: rpo[id(b)])
    if [id(b) for b in kept] != [id(b) for b in order]:
        raise AssertionError("licm: kept reverse post-order differs from a recomputation")
