"""Predecessor lists, reachability and immediate dominators that passes keep current.

The passes that duplicate code (loop rotation, unrolling, jump threading)
edit the CFG once per loop or block. Recomputing the dominator tree after
each edit made them quadratic; instead they compute a `CFGState` once and
apply each edit's effect on it locally: `retarget`, `add_block` and
`remove_block` keep predecessor lists right, and the pass states how the
dominator tree changes (`replace_node`, `add_leaf`, `set_idom`), which it
knows from the shape of its edit.

Predecessor lists hold every predecessor (reachable or not) once per edge,
like `Function.predecessors()`. Only reachable blocks are in the dominator
tree, as in `DomTree`. With ATOMC_CHECK_INCREMENTAL=1 in the environment,
`check()` compares everything with a recomputation (tests use it).
"""

from __future__ import annotations

import os

from . import work
from .dominators import dominators_of_function
from .function import Block, Function

CHECK = os.environ.get("ATOMC_CHECK_INCREMENTAL", "") not in ("", "0")


def checking() -> bool:
    """Whether kept analyses are checked against recomputations (read at each use,
    so tests can switch it)."""
    return CHECK


class CFGState:
    __slots__ = ("children", "fn", "idom", "preds")

    def __init__(self, fn: Function) -> None:
        self.fn = fn
        self.preds: dict[Block, list[Block]] = {}
        self.idom: dict[Block, Block | None] = {}
        self.children: dict[Block, list[Block]] = {}
        self.recompute()

    def recompute(self) -> None:
        fn = self.fn
        preds: dict[Block, list[Block]] = {b: [] for b in fn.blocks}
        for b in fn.blocks:
            for s in b.successors:
                if s in preds:
                    preds[s].append(b)
        self.preds = preds
        dom = dominators_of_function(fn)
        self.idom = dict(dom.idom)
        self.children = {n: list(c) for n, c in dom.children.items()}
        work.add("cfgstate.recompute", len(fn.blocks))

    # -- queries -------------------------------------------------------------------
    @property
    def entry(self) -> Block:
        return self.fn.blocks[0]

    def is_reachable(self, b: Block) -> bool:
        return b in self.idom

    def reachable_preds(self, b: Block) -> list[Block]:
        """Reachable predecessors, once per edge (`DomTree.preds`)."""
        idom = self.idom
        return [p for p in self.preds.get(b, ()) if p in idom]

    # -- edits of edges and blocks ---------------------------------------------------
    def retarget(self, src: Block, old: Block, new: Block) -> None:
        """`src`'s edges to `old` now go to `new` (after the terminator was changed)."""
        lst = self.preds[old]
        n = len(lst)
        lst[:] = [p for p in lst if p is not src]
        self.preds[new].extend([src] * (n - len(lst)))

    def add_block(self, b: Block) -> None:
        """A new block: no predecessors yet; its edges count for its successors."""
        preds = self.preds
        preds.setdefault(b, [])
        for s in b.successors:
            preds.setdefault(s, []).append(b)

    def remove_block(self, b: Block) -> None:
        """`b` left the function: its edges go; it leaves the dominator tree."""
        for s in b.successors:
            lst = self.preds.get(s)
            if lst is not None and b in lst:
                lst.remove(b)
        self.preds.pop(b, None)
        self.drop_from_tree(b)

    # -- edits of the dominator tree -------------------------------------------------
    def drop_from_tree(self, b: Block) -> None:
        """`b` became unreachable; its children (if any) were re-parented already."""
        if b not in self.idom:
            return
        parent = self.idom.pop(b)
        if parent is not None:
            self.children[parent].remove(b)
        assert not self.children.pop(b, []), "dropping a dominator with children"

    def replace_node(self, old: Block, new: Block) -> None:
        """`new` takes `old`'s place in the tree (same parent, same children)."""
        parent = self.idom.pop(old)
        self.idom[new] = parent
        if parent is not None:
            kids = self.children[parent]
            kids[kids.index(old)] = new
        kids = self.children.pop(old)
        self.children[new] = kids
        for c in kids:
            self.idom[c] = new

    def add_leaf(self, b: Block, parent: Block) -> None:
        self.idom[b] = parent
        self.children.setdefault(parent, []).append(b)
        self.children.setdefault(b, [])

    def lca(self, a: Block, b: Block) -> Block:
        """Nearest common dominator of two reachable blocks. Walks up from both in
        turn, so the work is bounded by their distance to it, not by the tree's depth."""
        if a is b:
            return a
        idom = self.idom
        ends: list[Block | None] = [a, b]  # how far each walk has climbed
        seen = ({a}, {b})
        steps = 0
        while True:
            steps += 1
            for side in (0, 1):
                n = ends[side]
                if n is not None:
                    n = ends[side] = idom[n]
                    if n is not None:
                        if n in seen[1 - side]:
                            work.add("cfgstate.lca", steps)
                            return n
                        seen[side].add(n)
            assert ends != [None, None], "blocks without a common dominator"

    def set_idom(self, b: Block, parent: Block) -> None:
        old = self.idom.get(b)
        if old is parent:
            return
        if old is not None:
            self.children[old].remove(b)
        self.idom[b] = parent
        self.children[parent].append(b)
        self.children.setdefault(b, [])

    # -- checking --------------------------------------------------------------------
    def check(self, where: str) -> None:
        """With ATOMC_CHECK_INCREMENTAL set: the kept state equals a recomputation."""
        if not checking():
            return
        fresh = CFGState(self.fn)  # the caller has brought fn.blocks up to date
        problems = []
        for b in self.fn.blocks:
            mine = sorted(map(id, self.preds.get(b, [])))
            if mine != sorted(map(id, fresh.preds[b])):
                problems.append(f"preds of {b.name or id(b)}")
        if set(map(id, self.idom)) != set(map(id, fresh.idom)):
            problems.append("reachable set")
        else:
            for b, d in fresh.idom.items():
                if self.idom[b] is not d:
                    problems.append(f"idom of {b.name or id(b)}")
        for b, kids in fresh.children.items():
            if set(map(id, self.children.get(b, []))) != set(map(id, kids)):
                problems.append(f"children of {b.name or id(b)}")
        if problems:
            raise AssertionError(f"incremental CFG state wrong after {where}: "
                                 + ", ".join(problems[:8]))
