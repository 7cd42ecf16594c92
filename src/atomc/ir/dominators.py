"""Dominator trees (Cooper, Harvey and Kennedy's iterative algorithm over a
reverse post-order) and dominance frontiers.

Generic over any hashable node type with a successor function, so the verifier,
the optimiser and the tests (plain integers) share one implementation.
Unreachable nodes are not in the tree: `dominates` treats them as dominated by
everything, as LLVM's verifier does, so code in dead blocks is never reported.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Generic, TypeVar

from . import work

if TYPE_CHECKING:
    from .function import Block, Function

N = TypeVar("N", bound=Hashable)


def reverse_post_order(entry: N, succs: Callable[[N], Iterable[N]]) -> list[N]:
    """Nodes reachable from `entry` in reverse post-order (iterative DFS)."""
    seen: set[N] = {entry}
    post: list[N] = []
    stack: list[tuple[N, Iterable[N]]] = [(entry, iter(succs(entry)))]
    while stack:
        node, it = stack[-1]
        for s in it:
            if s not in seen:
                seen.add(s)
                stack.append((s, iter(succs(s))))
                break
        else:
            stack.pop()
            post.append(node)
    post.reverse()
    return post


class DomTree(Generic[N]):
    """Immediate dominators of the nodes reachable from `entry`."""

    def __init__(self, entry: N, succs: Callable[[N], Iterable[N]]) -> None:
        self.entry = entry
        self.succs = succs
        self.rpo: list[N] = reverse_post_order(entry, succs)
        self.order: dict[N, int] = {n: i for i, n in enumerate(self.rpo)}
        preds: dict[N, list[N]] = {n: [] for n in self.rpo}
        for n in self.rpo:
            for s in succs(n):
                preds[s].append(n)
        self.preds = preds
        self.idom: dict[N, N | None] = self._compute()
        work.add("domtree.nodes", len(self.rpo))
        self.children: dict[N, list[N]] = {n: [] for n in self.rpo}
        for n in self.rpo:
            parent = self.idom[n]
            if parent is not None:
                self.children[parent].append(n)
        # DFS numbering of the tree gives O(1) dominance queries: one clock ticks at
        # each node's entry and exit, so a's subtree is pre_clock[a]..post_clock[a].
        self.pre_clock: dict[N, int] = {}
        self.post_clock: dict[N, int] = {}
        clock = 0
        stack: list[tuple[N, bool]] = [(entry, False)]
        while stack:
            node, done = stack.pop()
            if done:
                self.post_clock[node] = clock
                clock += 1
                continue
            self.pre_clock[node] = clock
            clock += 1
            stack.append((node, True))
            for c in reversed(self.children[node]):
                stack.append((c, False))

    def _compute(self) -> dict[N, N | None]:
        order = self.order
        idom: dict[N, N | None] = {self.entry: self.entry}

        def intersect(a: N, b: N) -> N:
            # only processed nodes are walked: each has its idom so far (the entry
            # its own), never None
            while a is not b and a != b:
                while order[a] > order[b]:
                    up = idom[a]
                    assert up is not None
                    a = up
                while order[b] > order[a]:
                    up = idom[b]
                    assert up is not None
                    b = up
            return a

        changed = True
        while changed:
            changed = False
            for n in self.rpo[1:]:
                new: N | None = None
                for p in self.preds[n]:
                    if p in idom:
                        new = p if new is None else intersect(p, new)
                if new is not None and idom.get(n) != new:
                    idom[n] = new
                    changed = True
        idom[self.entry] = None
        return idom

    def is_reachable(self, n: N) -> bool:
        return n in self.order

    def dominates(self, a: N, b: N) -> bool:
        """True if every path from the entry to `b` passes through `a` (reflexive)."""
        if b not in self.order:
            return True
        if a not in self.order:
            return False
        return self.pre_clock[a] <= self.pre_clock[b] and self.post_clock[b] <= self.post_clock[a]

    def strictly_dominates(self, a: N, b: N) -> bool:
        return a != b and self.dominates(a, b)

    def frontiers(self) -> dict[N, list[N]]:
        """Dominance frontier of every reachable node, each list in RPO order."""
        df: dict[N, list[N]] = {n: [] for n in self.rpo}
        for n in self.rpo:
            ps = self.preds[n]
            # the entry has an implicit extra edge from outside the function
            if len(ps) < (1 if n == self.entry else 2):
                continue
            for p in dict.fromkeys(ps):
                runner: N | None = p
                while runner is not None and runner != self.idom[n]:
                    if n not in df[runner]:
                        df[runner].append(n)
                    runner = self.idom[runner]
        for frontier in df.values():
            frontier.sort(key=self.order.__getitem__)
        return df


def dominators_of_function(fn: Function) -> DomTree[Block]:
    """Dominator tree of a defined function's blocks (entry = first block).
    Edges to blocks outside the function are ignored (the verifier reports them).

    A function's tree is asked for some fifteen times by the passes of one
    compile, mostly with the CFG unchanged since the last ask (most passes change
    no edge). The tree depends only on the block list and each block's
    successors, so the last one is kept with that shape (the blocks themselves,
    which it keeps alive: an equal shape is the same blocks, not reused ids) and
    handed out again while the shape is equal. Callers only read the tree. In
    checking mode (ATOMC_CHECK_INCREMENTAL) a reused tree is compared with a
    fresh one."""
    shape = _cfg_shape(fn)
    kept = fn.dom_kept
    if isinstance(kept, tuple) and kept[0] == shape:
        tree: DomTree[Block] = kept[1]
        work.add("domtree.reused", 1)
        if cfgstate.checking():
            _check_same(tree, _build(fn))
        return tree
    tree = _build_from(shape)
    fn.dom_kept = (shape, tree)
    return tree


def _cfg_shape(fn: Function) -> tuple[tuple[Block, ...], tuple[tuple[Block, ...], ...]]:
    """What a function's dominator tree depends on: its blocks and their successors."""
    blocks = tuple(fn.blocks)
    return blocks, tuple(tuple(b.successors) for b in blocks)


def _build(fn: Function) -> DomTree[Block]:
    return _build_from(_cfg_shape(fn))


def _build_from(shape: tuple[tuple[Block, ...], tuple[tuple[Block, ...], ...]]) \
        -> DomTree[Block]:
    """The tree of a shape: the successor lists it holds are read once each, where
    asking the blocks would rebuild each list at every visit of the walks."""
    blocks, succ_lists = shape
    members = set(map(id, blocks))
    inside: dict[Block, list[Block]] = {
        b: [s for s in ss if id(s) in members] for b, ss in zip(blocks, succ_lists, strict=True)}
    return DomTree(blocks[0], inside.__getitem__)


def _check_same(kept: DomTree[Block], fresh: DomTree[Block]) -> None:
    if kept.rpo != fresh.rpo or kept.idom != fresh.idom or kept.preds != fresh.preds \
            or kept.children != fresh.children:
        raise AssertionError("stale dominator tree: the function's CFG changed behind it")


from . import cfgstate  # noqa: E402  (cfgstate imports this module)
