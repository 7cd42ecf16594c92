"""The state a duplication pass keeps across its edits of one function.

Loop rotation, unrolling and jump threading edit the function once per loop
or block. `DupSession` applies each edit (`clone_into_pred`,
`remove_if_unreachable`) to a kept `CFGState` as well, and rebuilds SSA for
the slots an edit demoted with `promote_slots` over the blocks they touch
(exactly what mem2reg over the whole function would do). `LoopQueue` keeps
the loops in the order the passes visit them (innermost first, then reverse
post-order of the headers), which an edit leaves unchanged unless the loop
has several exits leading to other loops (then the order is recomputed; see
`exits_keep_order`).

With ATOMC_CHECK_INCREMENTAL=1 every kept fact is compared with a
recomputation after each edit (tests/opt/test_incremental.py runs so).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ir import Alloca, Block, Function, Module, work
from ..ir.blockorder import BlockOrder
from ..ir.cfgstate import CFGState, checking
from ..ir.loops import Loop, loop_info
from .duplication import clone_into_pred as _clone_into_pred
from .duplication import remove_block_body
from .mem2reg import Mem2Reg, promotable_type
from .ssa_repair import promote_slots

# A loop exit whose forward closure reaches another loop's header within this many
# blocks, or is larger, may change the order of the loops still to visit.
EXIT_SEARCH_LIMIT = 200


class DupSession:
    """One duplication pass over one function."""

    def __init__(self, fn: Function) -> None:
        self.fn = fn
        module = fn.module
        assert module is not None
        self.module: Module = module
        self.cfg = CFGState(fn)
        self.order = BlockOrder(fn)
        # add/delete records tie records together across the function; without any,
        # a detached home has no dependents to look for
        self.keyed = any(r.key is not None for i in fn.insts() for r in i.dbg_records)
        # mem2reg after the first edit also promotes slots that became promotable
        # since the last mem2reg; then the first promotion runs mem2reg itself
        self.full_promotion = any(
            isinstance(i, Alloca) and promotable_type(i) is not False for i in fn.entry.insts)
        work.add("dupsession.setup", len(fn.blocks))

    def blocks(self) -> list[Block]:
        """`fn.blocks`, brought up to date."""
        return self.order.materialize()

    def finish(self) -> None:
        self.order.materialize()

    def check(self, where: str) -> None:
        """Checking mode: the kept CFG state equals a recomputation."""
        if checking():
            self.blocks()
            self.cfg.check(where)

    def clone_into_pred(self, block: Block, pred: Block) -> Block:
        copy = _clone_into_pred(block, pred, self.fn, self.module, self.order)
        self.cfg.add_block(copy)
        self.cfg.retarget(pred, block, copy)
        return copy

    def remove_if_unreachable(self, block: Block) -> bool:
        """`duplication.remove_if_unreachable` with the kept predecessor lists."""
        fn = self.fn
        if block is fn.entry or any(p is not block for p in self.cfg.preds.get(block, ())):
            return False
        self.cfg.remove_block(block)
        remove_block_body(block, fn, self.order)
        return True

    def promote(self, slots: Sequence[Alloca]) -> list[Block] | None:
        """Rebuild SSA for the demoted `slots` (given in demotion order); the blocks
        that changed (None: mem2reg ran over the whole function)."""
        if self.full_promotion:
            from .passmanager import PassContext
            self.blocks()
            Mem2Reg().run(self.fn, PassContext(self.module))
            self.full_promotion = False
            return None
        # demote() puts each new slot first in the entry block: mem2reg sees them reversed
        return promote_slots(self.fn, list(reversed(slots)), self.cfg, self.keyed)


class LoopQueue:
    """The loops of a function, innermost first, then by reverse post-order of the
    header: the order in which `LoopInfo.innermost_first()` lists them."""

    def __init__(self, session: DupSession) -> None:
        self.fn = session.fn
        self.cfg = session.cfg
        self.session = session
        self.reset()

    def reset(self) -> None:
        self.session.blocks()
        info = loop_info(self.fn)
        work.add("loopqueue.reset", len(self.fn.blocks))
        self.loops: list[Loop] = info.innermost_first()
        self.cursor = 0
        self.headers: set[Block] = {lp.header for lp in self.loops}

    def latches(self, loop: Loop) -> list[Block]:
        """`loop.latches()`: its blocks that jump to the header, in function order."""
        h = loop.header
        found = {id(p): p for p in self.cfg.preds.get(h, ()) if loop.contains(p)}
        lst = list(found.values())
        if len(lst) > 1:
            lst.sort(key=self.session.order.sort_key)
        return lst

    def exits_keep_order(self, loop: Loop) -> bool:
        """Whether duplicating `loop`'s blocks along its back edges leaves the reverse
        post-order of the other loop headers alone.

        The depth-first search behind reverse post-order explores what follows the
        loop from an exit edge. Copies of the loop's blocks add exit edges that the
        search meets at another time; what it finds from there moves. That changes
        the order of other loops only if two exits lead to unvisited loop headers
        (the header's own exit, when it is taken first, is explored first either way).
        Headers of enclosing loops were visited before this loop and stop the search."""
        h = loop.header
        enclosing = set()
        p = loop.parent
        while p is not None:
            enclosing.add(p.header)
            p = p.parent
        term = h.terminator
        first = term.succs[0].block if term is not None and term.succs else None
        exits: dict[Block, None] = {}
        for b in loop.blocks:
            for s in b.successors:
                if not loop.contains(s):
                    exits[s] = None
        if first is not None and not loop.contains(first):
            exits.pop(first, None)  # the header's exit, explored first before and after
        if len(exits) <= 1:
            return True
        heavy = 0
        budget = EXIT_SEARCH_LIMIT
        for x in exits:
            seen = {x}
            stack = [x]
            found = False
            while stack and not found:
                b = stack.pop()
                budget -= 1
                if budget < 0 or (b in self.headers and b not in enclosing):
                    found = True
                    break
                if b in enclosing:
                    continue
                for s in b.successors:
                    if s not in seen:
                        seen.add(s)
                        stack.append(s)
            heavy += found
            if heavy > 1:
                return False
        work.add("loopqueue.exit_search", EXIT_SEARCH_LIMIT - budget)
        return True

    def rotated(self, loop: Loop, guard: Block, bottoms: list[Block], keep_order: bool) -> None:
        """`loop` (the one at the cursor) was rotated: its header's copy `guard` now
        sits before it and the copies `bottoms` end its latches. The loop is now
        headed by the header's successor inside it and takes the old header's place
        in the order (the depth-first search meets it right after the guard)."""
        if not keep_order:
            self.reset()
            return
        old = loop.header
        new_header = next(s for s in guard.successors if loop.contains(s))
        blocks = [new_header, *(b for b in loop.blocks if b is not old and b is not new_header),
                  *bottoms]
        rotated = Loop(new_header, blocks)
        rotated.parent = loop.parent
        kids: list[Loop] = []
        for c in loop.children:
            if c.header is new_header:  # a loop on the same header is the same loop now
                kids.extend(c.children)
            else:
                kids.append(c)
        rotated.children = kids
        for c in kids:
            c.parent = rotated
        outer = loop.parent
        if outer is not None:
            outer.children[outer.children.index(loop)] = rotated
        added = [guard, *bottoms]
        while outer is not None:  # the copies belong to every enclosing loop
            outer.remove_block(old)
            for b in added:
                outer.add_block(b)
            outer = outer.parent
        self.loops[self.cursor] = rotated
        self.headers.discard(old)
        self.headers.add(new_header)

    def check_next(self, picked: Loop | None, expect: Loop | None) -> None:
        if (picked is None) != (expect is None) or \
                (picked is not None and expect is not None and picked.header is not expect.header):
            raise AssertionError("incremental loop order differs from a recomputation: "
                                 f"{picked!r} instead of {expect!r}")

