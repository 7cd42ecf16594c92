"""CFG simplification, repeated to a fixed point:

1. delete blocks the entry does not reach;
2. fold branches: a `branch` on a constant, or whose two edges are identical,
   and a `switch` on a constant or with a single target, become a `jump`;
3. thread jumps to jumps: an edge into a block that holds nothing but a
   `jump` goes straight to that jump's target (the forwarding block's
   parameters are substituted by the edge's arguments); a forwarding block
   left without predecessors is deleted by step 1;
4. merge a block into its single predecessor when that predecessor ends in a
   `jump` to it (the block's parameters become the jump's arguments);
5. tail merging: the identical last instructions of all of a block's
   predecessors become one instruction at the top of the block
   (`simplifycfg_tail.py`).

Debug info: a folded terminator's `jump` keeps the terminator's location
(keep rule); merged blocks keep every instruction's location (the block
folds into an unconditional predecessor, LLVM's preserve case); the jump
that joined them disappears, and the records in front of it move to the
first instruction of the merged block, the same program point. A forwarding
block is only bypassed when its jump carries no records, so no variable
update is skipped on any path. A `jump` out of an inlined instance that
passed no arguments and is threaded through a forwarding jump outside it
that passes some takes that jump's location: what is left of the edge (the
argument copies, the caller's values such as an inlined `&&`'s outcome) is
that jump's work, and with the inner location they would stretch the
instance over them, where a debugger stops showing the callee's variables
after its code ran (a folded loop test's atom kept a stop on the `for`
line after the init: fuzz seed 413). Values of deleted unreachable blocks can only
be named by records, which become "optimised out". Deleted jumps take their
line-table rows with them, so `LOCS` is not claimed (VALUES, SCOPES kept).
Tail merging gives the merged instruction the merged location of its copies
and says "not assigned yet" for the values they defined in the predecessors
(`simplifycfg_tail.py`'s "Debug info:" paragraph).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import Block, Branch, Const, Function, Inst, Jump, Switch, Use, Value, work
from ..ir.debuginfo import DILocation
from ..ir.insts import arg_loc
from ..ir.locations import call_chain
from ..ir.rewrite import (
    jump_to,
    merge_into_predecessor,
    redirect_edge,
    remove_unreachable_blocks,
    unlink_blocks,
)
from ..ir.values import BlockParam
from .cfgutils import succ_args
from .passmanager import DI, FunctionPass, PassContext
from .registry import register
from .simplifycfg_tail import sink_common_tails


class SimplifyCFG(FunctionPass):
    """Unreachable-block removal, branch folding, jump threading, block merging,
    tail merging."""

    name: ClassVar[str] = "simplifycfg"
    keeps_di: ClassVar[DI] = DI.VALUES | DI.SCOPES

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        for _ in range(100):
            step = remove_unreachable_blocks(fn) > 0
            edges = self._fold_branches(fn, ctx)
            preds = fn.predecessors()
            edges |= self._thread_forwarding(fn, ctx, preds)
            # only a moved edge can have left a block unreachable since the first sweep
            step |= edges and remove_unreachable_blocks(fn) > 0
            step |= edges
            # while no edge moves, the lists stay those a fresh `predecessors()` gives
            if edges:
                preds = fn.predecessors()
            merged = self._merge_blocks(fn, ctx, preds)
            step |= merged
            step |= sink_common_tails(fn, ctx, None if merged else preds)
            if not step:
                break
            changed = True
        return changed

    # -- 2. branch folding ------------------------------------------------------
    def _fold_branches(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        for b in fn.blocks:
            term = b.terminator
            if isinstance(term, Branch):
                c = term.cond
                pick: int | None = None
                if isinstance(c, Const):
                    pick = 0 if c.value else 1
                elif term.succs[0].block is term.succs[1].block and \
                        succ_args(term, 0) == succ_args(term, 1):
                    pick = 0
                if pick is not None:
                    jump_to(b, term.succs[pick].block, succ_args(term, pick), term)
                    ctx.count("simplifycfg.folded")
                    changed = True
            elif isinstance(term, Switch):
                target: Block | None = None
                v = term.value
                if isinstance(v, Const):
                    target = term.succs[0].block
                    mask = v.ty.mask  # type: ignore[union-attr]
                    for i, cv in enumerate(term.values):
                        if cv & mask == v.value:
                            target = term.succs[i + 1].block
                            break
                elif all(s.block is term.succs[0].block for s in term.succs):
                    target = term.succs[0].block
                if target is not None:
                    jump_to(b, target, [], term)
                    ctx.count("simplifycfg.folded")
                    changed = True
        return changed

    # -- 3. threading jumps to jumps ---------------------------------------------
    def _thread_forwarding(self, fn: Function, ctx: PassContext,
                           preds: dict[Block, list[Block]]) -> bool:
        changed = False
        # `preds`: the function's predecessor lists, kept current as edges move (one
        # per edge); the blocks do not move in this step, so their positions order
        # the predecessors
        pos = {b: i for i, b in enumerate(fn.blocks)}
        work.add("simplifycfg.blocks", len(pos))
        for fwd in fn.blocks:
            if fwd is fn.entry or len(fwd.insts) != 1:
                continue
            j = fwd.insts[0]
            if not isinstance(j, Jump) or j.dbg_records:
                continue
            if any(u.user is not j for prm in fwd.params for u in prm.uses):
                continue  # a parameter that lives on past the jump must keep its block
            dest = j.succs[0].block
            if dest is fwd:
                continue
            out_args = succ_args(j, 0)
            for pred in sorted(set(preds[fwd]), key=pos.__getitem__):
                term = pred.terminator
                if term is None or pred is fwd:
                    continue
                for i, s in enumerate(term.succs):
                    if s.block is not fwd:
                        continue
                    new_args = [self._subst(a, fwd, succ_args(term, i)) for a in out_args]
                    new_locs = self._subst_locs(j, fwd, term.succs[i].args)
                    if isinstance(term, Switch) and new_args:
                        continue  # switch edges carry no arguments
                    if self._conflicts(term, i, dest, new_args):
                        continue
                    own_args = bool(succ_args(term, i))
                    redirect_edge(term, i, dest, new_args, new_locs)
                    if isinstance(term, Jump) and out_args and not own_args \
                            and leaves_instance(term.loc, j.loc):
                        term.loc = j.loc  # its work is now the forwarding jump's
                    preds[fwd].remove(pred)
                    preds[dest].append(pred)
                    ctx.count("simplifycfg.threaded")
                    changed = True
        return changed

    @staticmethod
    def _subst(v: Value, fwd: Block, incoming: list[Value]) -> Value:
        for p in fwd.params:
            if v is p:
                return incoming[p.index]
        return v

    @staticmethod
    def _subst_locs(j: Jump, fwd: Block, incoming: list[Use]) -> list[DILocation | None]:
        """The assignment each threaded argument carries: the forwarding jump's own,
        or, for one of `fwd`'s parameters passed on, the incoming argument's."""
        out: list[DILocation | None] = []
        for u in j.succs[0].args:
            v, own = u.value, arg_loc(u)
            if own is None and isinstance(v, BlockParam) and v.block is fwd:
                own = arg_loc(incoming[v.index])
            out.append(own)
        return out

    @staticmethod
    def _conflicts(term: Inst, i: int, dest: Block, args: list[Value]) -> bool:
        """A terminator may reach one block twice only with identical arguments."""
        for k, s in enumerate(term.succs):
            if k != i and s.block is dest and succ_args(term, k) != args:
                return True
        return False

    # -- 4. merging into the single predecessor -------------------------------
    def _merge_blocks(self, fn: Function, ctx: PassContext,
                      preds: dict[Block, list[Block]]) -> bool:
        """`preds`: the function's predecessor lists (updated here as blocks merge)."""
        changed = False
        merged: set[Block] = set()
        for b in list(fn.blocks):
            if b is fn.entry or b.function is None:
                continue
            ps = preds.get(b, [])
            if len(ps) != 1:
                continue
            p = ps[0]
            term = p.terminator
            if p is b or not isinstance(term, Jump):
                continue
            merge_into_predecessor(p, b)
            merged.add(b)
            # successors of b now have p as predecessor; only a single-predecessor list
            # is read again (renaming keeps every list's length), so only such a list is
            # rewritten: rewriting every one was quadratic in a big switch's join
            for s in p.successors:
                ps_s = preds.get(s)
                if ps_s is None or len(ps_s) != 1 or ps_s[0] is not b:
                    continue
                work.add("simplifycfg.merge_pred_entries", len(ps_s))
                preds[s] = [p]
            ctx.count("simplifycfg.merged")
            work.add("simplifycfg.merges", 1)
            changed = True
        unlink_blocks(fn, merged)
        return changed


register(SimplifyCFG)


def leaves_instance(loc: DILocation | None, outer: DILocation | None) -> bool:
    """`loc` is in an inlined instance that `outer` is not inside of."""
    if loc is None or loc.inlined_at is None or outer is None:
        return False
    return loc.inlined_at not in call_chain(outer)
