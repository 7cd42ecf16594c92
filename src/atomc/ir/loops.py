"""Natural loops: headers, bodies, nesting, latches, exits and preheaders.

A back edge is an edge whose target dominates its source; the natural loop
of a header is the header plus every block that reaches one of its back edges
without passing through the header. Loops sharing a header are one loop.
Only reachable blocks take part. Results are lists in function block order,
so every pass that walks them is deterministic.
"""

from __future__ import annotations

from . import cfgstate, work
from .dominators import DomTree, dominators_of_function
from .function import Block, Function
from .insts import Inst, Jump
from .values import BlockParam, Value


class Loop:
    __slots__ = ("_members", "blocks", "children", "header", "parent")

    def __init__(self, header: Block, blocks: list[Block]) -> None:
        self.header = header
        self.blocks = blocks  # header first, then function order
        self._members = set(map(id, blocks))
        self.parent: Loop | None = None
        self.children: list[Loop] = []

    def contains(self, b: Block) -> bool:
        return id(b) in self._members

    def is_invariant(self, v: Value) -> bool:
        """Is `v` computed outside the loop (a constant, global, argument, or an
        instruction or block parameter of a block not in it)?"""
        if not isinstance(v, (Inst, BlockParam)):
            return True
        return v.block is not None and not self.contains(v.block)

    def add_block(self, b: Block) -> None:
        """A block a pass made inside the loop (kept analyses add it themselves)."""
        self.blocks.append(b)
        self._members.add(id(b))

    def remove_block(self, b: Block) -> None:
        self.blocks.remove(b)
        self._members.discard(id(b))

    @property
    def depth(self) -> int:
        d, cur = 1, self.parent
        while cur is not None:
            d, cur = d + 1, cur.parent
        return d

    def latches(self) -> list[Block]:
        """Blocks inside the loop that jump back to the header."""
        return [b for b in self.blocks if self.header in b.successors]

    def exiting_blocks(self) -> list[Block]:
        return [b for b in self.blocks if any(not self.contains(s) for s in b.successors)]

    def exit_blocks(self) -> list[Block]:
        """Blocks outside the loop reached from inside it (each once)."""
        seen: dict[int, Block] = {}
        for b in self.blocks:
            for s in b.successors:
                if not self.contains(s) and id(s) not in seen:
                    seen[id(s)] = s
        return list(seen.values())

    def outside_preds(self, preds: dict[Block, list[Block]]) -> list[Block]:
        """Distinct predecessors of the header that are outside the loop."""
        out: dict[int, Block] = {}
        for p in preds[self.header]:
            if not self.contains(p):
                out.setdefault(id(p), p)
        return list(out.values())

    def preheader(self, preds: dict[Block, list[Block]]) -> Block | None:
        """The single outside predecessor, if it reaches the header by an
        unconditional jump (so code placed at its end runs exactly once per entry)."""
        outside = self.outside_preds(preds)
        if len(outside) != 1:
            return None
        p = outside[0]
        term = p.terminator
        if not isinstance(term, Jump) or len(p.successors) != 1:
            return None
        return p

    def __repr__(self) -> str:
        return f"<Loop header={self.header.name or id(self.header)} blocks={len(self.blocks)}>"


class LoopInfo:
    def __init__(self, fn: Function, dom: DomTree[Block] | None = None) -> None:
        self.function = fn
        self.dom = dom if dom is not None else dominators_of_function(fn)
        self.loops: list[Loop] = []  # outermost first, then by header order
        self._innermost: dict[int, Loop] = {}
        self._compute()

    def _compute(self) -> None:
        dom = self.dom
        order = {id(b): i for i, b in enumerate(self.function.blocks)}
        found: list[Loop] = []
        preds = dom.preds  # reachable predecessors only, as the tree holds them
        pre, post = dom.pre_clock, dom.post_clock
        for header in dom.rpo:
            # `dom.dominates(header, p)` spelt out: both are reachable
            lo, hi = pre[header], post[header]
            back = [p for p in preds[header] if lo <= pre[p] and post[p] <= hi]
            if not back:
                continue
            members: dict[int, Block] = {id(header): header}
            stack = back
            while stack:
                b = stack.pop()
                if id(b) in members:
                    continue
                members[id(b)] = b
                stack.extend([p for p in preds[b] if id(p) not in members])
            body = sorted((b for b in members.values() if b is not header),
                          key=lambda b: order[id(b)])
            found.append(Loop(header, [header, *body]))
        # Nesting: a loop's parent is the smallest other loop containing its header
        # (the first one after it in size order; one walk over the bodies finds them).
        found.sort(key=lambda lp: len(lp.blocks))
        containing: dict[int, list[int]] = {}
        for j, lp in enumerate(found):
            for b in lp.blocks:
                containing.setdefault(id(b), []).append(j)
        for i, lp in enumerate(found):
            for j in containing[id(lp.header)]:
                if j > i:
                    lp.parent = found[j]
                    found[j].children.append(lp)
                    break
        work.add("loopinfo.built", 1)
        work.add("loopinfo.blocks", len(order) + sum(len(lp.blocks) for lp in found))
        for lp in found:  # smallest first: the innermost loop claims a block first
            for b in lp.blocks:
                self._innermost.setdefault(id(b), lp)
        self.loops = sorted(found, key=lambda lp: (lp.depth, dom.order[lp.header]))

    def loop_for(self, b: Block) -> Loop | None:
        return self._innermost.get(id(b))

    def innermost_first(self) -> list[Loop]:
        return sorted(self.loops, key=lambda lp: (-lp.depth, self.dom.order[lp.header]))

    def counted_shapes(self, preds: dict[Block, list[Block]]) -> list[tuple[Loop, Block, Block]]:
        """(loop, preheader, latch) of each loop with a preheader and a single latch
        (a jump, or the conditional branch that ends a rotated loop), innermost
        first: the loops whose induction variables iv-sr and lftr rewrite."""
        out = []
        for loop in self.innermost_first():
            pre = loop.preheader(preds)
            latches = loop.latches()
            if pre is not None and len(latches) == 1:
                out.append((loop, pre, latches[0]))
        return out


def loop_info(fn: Function) -> LoopInfo:
    """The loops of `fn`, shared by the passes that only read them.

    A function's loops are asked for by some ten passes of one compile, mostly
    with the CFG unchanged since the last ask. They depend only on the dominator
    tree, and `dominators_of_function` hands out the same tree while the block
    list and edges are unchanged, so the last analysis is kept with its tree and
    handed out again while the tree is the same object (LLVM's pass manager
    keeps an analysis the same way while no pass invalidates it). A pass that
    edits the loops it holds (`Loop.add_block`) must also change the CFG (a new
    preheader), which makes a new tree; a pass that edits them otherwise builds
    its own `LoopInfo`. In checking mode (ATOMC_CHECK_INCREMENTAL) a reused
    analysis is compared with a fresh one."""
    dom = dominators_of_function(fn)
    kept = fn.loops_kept
    if isinstance(kept, LoopInfo) and kept.dom is dom:
        work.add("loopinfo.reused", 1)
        if cfgstate.checking():
            _check_same(kept, LoopInfo(fn, dom))
        return kept
    info = LoopInfo(fn, dom)
    fn.loops_kept = info
    return info


def _shape(info: LoopInfo) -> list[tuple[int, list[int], int | None]]:
    return [(id(lp.header), [id(b) for b in lp.blocks],
             None if lp.parent is None else id(lp.parent.header)) for lp in info.loops]


def _check_same(kept: LoopInfo, fresh: LoopInfo) -> None:
    if _shape(kept) != _shape(fresh):
        raise AssertionError("stale loop analysis: its loops were edited behind the CFG")
