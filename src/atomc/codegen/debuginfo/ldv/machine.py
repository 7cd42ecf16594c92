"""Phases A and B of value-tracking LiveDebugValues: which value each machine
location holds at every block entry and exit.

A value is named by where it was defined: `(block, index, loc)` with `index`
the 1-based position in the block (debug instructions included), and index 0
meaning "whatever `loc` held on entry to `block`" (its machine PHI). A copy,
spill or restore creates no new value: the destination receives the source's
value, so one value may live in several locations at once.

Block live-ins are solved LLVM-style: every location starts as its own PHI at
every block and the PHI is eliminated when all predecessors (other than a back
edge carrying the PHI itself) agree; an eliminated PHI takes the value its
first predecessor (in reverse post-order) brings.

The solution is the same as iterating that over every location of every block,
but is computed sparsely (locations are registers plus a growing number of
spill slots, blocks grow with the function: a dense table is quadratic). A PHI
can survive only where values meet: at the iterated dominance frontier of the
blocks that write the location, of the entry, and of the targets of
irreducible back edges (whose PHIs feed each other). Those candidates get their
incoming values from one renaming walk over the dominator tree, then redundant
ones are removed until none is left (each removal rechecks the PHIs that read
the removed one). Every other block's live-in is its immediate dominator's
live-out. `StateWalker` then replays the function in layout order keeping one
location -> value map, changed at each block entry by the difference between
the previous block's exit and this block's entry. The first walk (here) records
those differences and every instruction's effects in `MachineValues.trace`, and
the value each variable record's machine location holds (`record_reads`, all
phases C-D need of the state); the one later walk (phase E, which shows it to
the call sites) replays the record instead of computing it again.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ....ir import work
from ....ir.dominators import DomTree
from .model import DebugPhi, MFunctionView, MInstView, MLoc

if TYPE_CHECKING:
    from .widths import Forms

Value = tuple[int, int, MLoc]
# what a block leaves in a location: a value, or the entry value of a location
Sym = Value | MLoc
_COUNTS = work.COUNTS  # (updated inline by the per-lookup counters: no call each)


def phi(block: int, loc: MLoc) -> Value:
    return (block, 0, loc)


def track_locations(fn: MFunctionView) -> list[MLoc]:
    """Every location the function touches, in order of first appearance (a
    home's slot where its record is first restated, model.HomeFact)."""
    seen: dict[MLoc, None] = {}
    first: dict[int, list[MLoc]] = {}
    for h in fn.homes:
        m = h.restated(fn.starts)
        if m and isinstance(h.record.operand, MLoc):
            first.setdefault((m & -m).bit_length() - 1, []).append(h.record.operand)
    for b, blk in enumerate(fn.blocks):
        for loc in first.get(b, ()):
            seen.setdefault(loc)
        for inst in blk.insts:
            if isinstance(inst.debug, DebugPhi):
                seen.setdefault(inst.debug.loc)
            elif inst.debug is not None:
                op = inst.debug.operand
                if isinstance(op, MLoc):
                    seen.setdefault(op)
            for loc in _touched(inst):
                seen.setdefault(loc)
    return list(seen)


def _touched(inst: MInstView) -> list[MLoc]:
    if inst.copy:
        return [inst.copy[1], inst.copy[0]]
    if inst.spill:
        return [inst.spill[1], inst.spill[0]]
    if inst.restore:
        return [inst.restore[1], inst.restore[0]]
    return [*inst.uses, *inst.defs]


def effects(state: dict[MLoc, Value], inst: MInstView, block: int, index: int,
            fn: MFunctionView) -> list[tuple[MLoc, Value]]:
    """The (location, new value) assignments one instruction makes, in order.
    A call clobbers the caller-saved registers among the tracked ones (`state`
    holds every tracked location)."""
    if inst.debug is not None:
        return []
    if inst.copy:
        dst, src = inst.copy
        return [(dst, state.get(src, phi(block, src)))]
    if inst.spill:
        sl, src = inst.spill
        return [(sl, state.get(src, phi(block, src)))]
    if inst.restore:
        dst, sl = inst.restore
        return [(dst, state.get(sl, phi(block, sl)))]
    out = [(d, (block, index, d)) for d in inst.defs]
    if inst.call:
        out += [(loc, (block, index, loc)) for loc in fn.caller_saved if loc in state]
    return out


def step(state: dict[MLoc, Value], inst: MInstView, block: int, index: int,
         fn: MFunctionView) -> None:
    """Apply one instruction's effect on the location -> value map."""
    for loc, v in effects(state, inst, block, index, fn):
        state[loc] = v


Effects = tuple[tuple[MLoc, Value], ...]
_NO_EFFECTS: Effects = ()


@dataclass(frozen=True, slots=True)
class BlockTrace:
    """One block of the first layout walk: what its entry changed (location ->
    value) and, per instruction (index - 1), the assignments it made."""

    entry: dict[MLoc, Value]
    effects: list[Effects]


@dataclass
class MachineValues:
    locs: list[MLoc]
    order: dict[MLoc, int]
    preds: list[list[int]]
    rpo: list[int]
    # DBG_PHI number -> [(block, index, loc, value read there)]
    phi_defs: dict[int, list[tuple[int, int, MLoc, Value]]]
    # instruction number -> the value each operand holds right after the
    # instruction (None where operand k writes no location).  For most
    # instructions that is the value they define; a numbered copy or restore
    # defines nothing new, so its operand names the value it moved.
    numbered: dict[int, tuple[Value | None, ...]]
    solver: _Solver = field(repr=False)
    # the first layout walk, per block, for the walks that follow (StateWalker)
    trace: list[BlockTrace] = field(default_factory=list, repr=False)
    # per block, the widths each location holds its value in on entry (widths.py),
    # computed once for the walks that need them
    forms_cache: list[Forms] | None = field(default=None, repr=False)
    kept_cache: dict[int, list[MLoc]] = field(default_factory=dict, repr=False)  # kept_phis
    # (block, index) of a variable record naming a machine location -> the value
    # there, read by the first walk (phases C-D need no walk of their own)
    record_reads: dict[tuple[int, int], Value] = field(default_factory=dict, repr=False)

    def live_in_at(self, b: int, loc: MLoc) -> Value:
        return self.solver.value_in(b, loc)

    def live_out_at(self, b: int, loc: MLoc) -> Value:
        return self.solver.value_out(b, loc)

    def holders_at_exit(self, b: int, v: Value) -> list[MLoc]:
        """The locations holding `v` when block `b` ends."""
        return [loc for loc in self.solver.homes_of(v) if self.solver.value_out(b, loc) == v]

    def kept_phis(self, b: int) -> list[MLoc]:
        """Locations whose PHI at block `b` survives (they hold `phi(b, loc)` on entry);
        asked once per variable joined there, solved once per block."""
        kept = self.kept_cache.get(b)
        if kept is None:
            s = self.solver
            kept = [loc for loc in s.cand_locs.get(b, ()) if s.value_in(b, loc) == phi(b, loc)]
            self.kept_cache[b] = kept
        return kept


_MANY_PREDS = 16  # a join with this many predecessors reads them by group (variables.py)


class _Solver:
    """The sparse solution: PHI candidates, their removal, and point queries."""

    def __init__(self, fn: MFunctionView, locs: list[MLoc], preds: list[list[int]],
                 rpo: list[int]) -> None:
        self.fn = fn
        self.locs = locs
        self.preds = preds
        n = len(fn.blocks)
        self.rpo_index = {b: i for i, b in enumerate(rpo)}
        self.dom = DomTree(0, lambda b: fn.blocks[b].succs)
        self.reachable = self.dom.order
        # the dominator tree's DFS clock: x dominates y iff pre[x] <= pre[y] <= post[x]
        self.dom_pre: dict[int, int] = self.dom.pre_clock
        self.dom_post: dict[int, int] = self.dom.post_clock
        self.dom_block: dict[int, int] = {k: b for b, k in self.dom_pre.items()}
        self._pred_groups: dict[int, tuple[int, list[int], list[int]] | None] = {}
        tracked = set(locs)
        self.sums = [self._summary(b, tracked) for b in range(n)]
        self.cand_locs: dict[int, list[MLoc]] = self._place_phis()
        self.cands: set[tuple[int, MLoc]] = {(b, loc) for b, ls in self.cand_locs.items()
                                             for loc in ls}
        self.exit: list[dict[MLoc, Value]] = [{} for _ in range(n)]
        self.ops: dict[tuple[int, MLoc], dict[int, Value]] = {}
        self.pushed: list[tuple[MLoc, Value]] = []  # every (location, raw value) placed
        self._rename()
        # each PHI candidate's (predecessor, raw incoming value), over its reachable
        # predecessors in order, for the removal (then dropped with `ops`)
        reachable = self.reachable
        self.incoming_raw: dict[tuple[int, MLoc], list[tuple[int, Value]]] = {
            c: [(p, inc[p]) for p in preds[c[0]] if p in reachable]
            for c, inc in self.ops.items()}
        self.ops = {}
        self.removed: dict[tuple[int, MLoc], Value] = {}
        self._remove_redundant()
        self.incoming_raw = {}
        self.memo_in: dict[tuple[int, MLoc], Value] = {}
        self._homes: dict[Value, dict[MLoc, None]] | None = None
        work.add("ldv.machine.blocks", n)
        work.add("ldv.machine.phis", len(self.cands))

    # -- setup --------------------------------------------------------------------
    def _summary(self, b: int, tracked: set[MLoc]) -> dict[MLoc, Sym]:
        """What the block leaves in each location it writes, in terms of its entry."""
        sym: dict[MLoc, Sym] = {}
        for k, inst in enumerate(self.fn.blocks[b].insts, start=1):
            if inst.debug is not None:
                continue
            pair = inst.copy or inst.spill or inst.restore  # (destination, source)
            if pair:
                dst, src = pair
                sym[dst] = sym.get(src, src)
                continue
            for d in inst.defs:
                sym[d] = (b, k, d)
            if inst.call:
                for loc in self.fn.caller_saved:
                    if loc in tracked:
                        sym[loc] = (b, k, loc)
        return {loc: s for loc, s in sym.items() if s is not loc}

    def pred_group(self, b: int) -> tuple[int, list[int], list[int]] | None:
        """For a reachable block with many reachable predecessors: its immediate
        dominator, and the predecessors' dominator-tree preorder numbers (sorted)
        with the predecessors in that order. None for a block with few."""
        if b in self._pred_groups:
            return self._pred_groups[b]
        ps = sorted((self.dom_pre[p], p) for p in dict.fromkeys(self.preds[b])
                    if p in self.reachable)
        d = self.dom.idom.get(b)
        group = None if len(ps) < _MANY_PREDS or d is None else \
            (d, [k for k, _ in ps], [p for _, p in ps])
        self._pred_groups[b] = group
        return group

    def idf(self, seeds: Iterable[int]) -> set[int]:
        """The iterated dominance frontier of the reachable blocks among `seeds`:
        where values written in those blocks can meet others."""
        frontiers, order = self.frontiers, self.dom.order
        out: set[int] = set()
        stack = [b for b in seeds if b in order]
        steps = 0
        while stack:
            x = stack.pop()
            steps += 1
            for f in frontiers.get(x, ()):
                if f not in out:
                    out.add(f)
                    stack.append(f)
        work.add("ldv.idf", steps)
        return out

    def _place_phis(self) -> dict[int, list[MLoc]]:
        dom, rpo_index = self.dom, self.rpo_index
        self.frontiers = dom.frontiers()
        idf = self.idf

        # targets of irreducible back edges: their PHIs can sustain each other
        irreducible = [b for b in dom.rpo if b != 0 and any(
            p in rpo_index and rpo_index[p] >= rpo_index[b] and not dom.dominates(b, p)
            for p in self.preds[b])]
        base = idf([0, *irreducible]) | set(irreducible)
        writers: dict[MLoc, list[int]] = {}
        for b in dom.rpo:
            for loc in self.sums[b]:
                writers.setdefault(loc, []).append(b)
        cand: dict[int, list[MLoc]] = {}
        for loc in self.locs:
            for b in idf(writers.get(loc, ())) | base:
                if b != 0:
                    cand.setdefault(b, []).append(loc)
        return cand

    def _rename(self) -> None:
        """One walk over the dominator tree: each block's exit values and each PHI
        candidate's incoming values, in terms of PHIs not yet known to be redundant.
        (A location's stack empty: the entry's own PHI, never pushed.)"""
        stacks: defaultdict[MLoc, list[Value]] = defaultdict(list)
        fn, cand_locs, sums = self.fn, self.cand_locs, self.sums
        ops, pushed, exits, children = self.ops, self.pushed, self.exit, self.dom.children
        walk: list[tuple[int, bool]] = [(0, False)]
        undo: dict[int, list[list[Value]]] = {}
        while walk:
            b, done = walk.pop()
            if done:
                for st in undo.pop(b):
                    st.pop()
                continue
            placed: list[list[Value]] = []
            for loc in cand_locs.get(b, ()):
                v = (b, 0, loc)  # phi(b, loc)
                st = stacks[loc]
                st.append(v)
                placed.append(st)
                pushed.append((loc, v))
            out: dict[MLoc, Value] = {}
            for loc, x in sums[b].items():
                if isinstance(x, MLoc):  # a copy of the location's current value
                    st = stacks[x]
                    out[loc] = st[-1] if st else (0, 0, x)
                else:
                    out[loc] = x
            for loc, v in out.items():
                st = stacks[loc]
                st.append(v)
                placed.append(st)
                pushed.append((loc, v))
            exits[b] = out
            for succ in dict.fromkeys(fn.blocks[b].succs):
                for loc in cand_locs.get(succ, ()):
                    st = stacks[loc]
                    ops.setdefault((succ, loc), {})[b] = st[-1] if st else (0, 0, loc)
            undo[b] = placed
            walk.append((b, True))
            for c in reversed(children[b]):
                walk.append((c, False))
        for b in range(len(fn.blocks)):  # unreachable blocks: their own PHIs on entry
            if b not in self.reachable:
                exits[b] = {loc: (phi(b, x) if isinstance(x, MLoc) else x)
                            for loc, x in sums[b].items()}
        work.add("ldv.machine.pushes", len(pushed))

    def _remove_redundant(self) -> None:
        """Remove PHIs whose reachable predecessors agree (ignoring the PHI itself),
        until none is left; a removed PHI stands for the value of its first
        predecessor that does not bring the PHI itself. Then remove groups of PHIs
        that only feed each other and one outside value (`_remove_cycles`), and
        recheck what read them, until neither finds any."""
        users: dict[tuple[int, MLoc], list[tuple[int, MLoc]]] = {}
        cands = self.cands
        for c, incoming in self.incoming_raw.items():
            for _, v in incoming:
                if v[1] == 0 and (v[0], v[2]) in cands:
                    users.setdefault((v[0], v[2]), []).append(c)
        self.loc_order = {loc: i for i, loc in enumerate(self.locs)}
        pending = deque(sorted(self.cands, key=self._order))
        while pending:
            self._remove_trivial(pending, users)
            pending.extend(self._remove_cycles(users))

    def _order(self, c: tuple[int, MLoc]) -> tuple[int, int]:
        return (self.rpo_index[c[0]], self.loc_order[c[1]])

    def _incoming(self, c: tuple[int, MLoc]) -> list[tuple[int, Value]]:
        """(predecessor, value it brings, removed PHIs replaced) over the reachable ones."""
        raw = self.incoming_raw.get(c, [])
        removed = self.removed
        if not removed:
            return raw
        canon = self.canon
        # (`canon` called only on a removed PHI: most values are neither)
        return [(p, canon(v) if v[1] == 0 and (v[0], v[2]) in removed else v) for p, v in raw]

    def _remove(self, c: tuple[int, MLoc], raw: Value,
                users: dict[tuple[int, MLoc], list[tuple[int, MLoc]]]) -> list[tuple[int, MLoc]]:
        """Let PHI `c` stand for `raw`; the PHIs that read it, to check again."""
        self.removed[c] = raw
        target = self.canon(raw)
        readers = users.pop(c, [])
        if target[1] == 0 and (target[0], target[2]) in self.cands:
            users.setdefault((target[0], target[2]), []).extend(readers)
        return readers

    def _remove_trivial(self, pending: deque[tuple[int, MLoc]],
                        users: dict[tuple[int, MLoc], list[tuple[int, MLoc]]]) -> None:
        checks = 0
        while pending:
            c = pending.popleft()
            checks += 1
            if c in self.removed:
                continue
            own = (c[0], 0, c[1])  # phi(*c)
            # the PHI itself (a back edge carrying it) agrees with anything, also
            # when that edge is the first predecessor
            first = -1  # the first predecessor bringing another value
            value: Value = own
            for i, (_, v) in enumerate(self._incoming(c)):
                if v != own:
                    if first < 0:
                        first, value = i, v
                    elif v != value:
                        break
            else:
                if first >= 0:  # (its raw value: `_incoming` keeps the order)
                    pending.extend(self._remove(c, self.incoming_raw[c][first][1], users))
        work.add("ldv.machine.checks", checks)

    def _remove_cycles(self, users: dict[tuple[int, MLoc], list[tuple[int, MLoc]]]
                       ) -> list[tuple[int, MLoc]]:
        """Remove each strongly connected group of PHIs whose incoming values,
        other than the group's own PHIs, are all one value: every PHI in it
        stands for that value (the headers of a loop nested in another, whose
        PHIs feed each other, Braun et al. 2013 §3.2). Returns the PHIs outside
        the removed groups that read them."""
        live = sorted((c for c in self.cands if c not in self.removed), key=self._order)
        index: dict[tuple[int, MLoc], int] = {}
        low: dict[tuple[int, MLoc], int] = {}
        on_stack: set[tuple[int, MLoc]] = set()
        stack: list[tuple[int, MLoc]] = []
        recheck: list[tuple[int, MLoc]] = []
        removed_groups: list[list[tuple[int, MLoc]]] = []  # in this pass

        cands, removed = self.cands, self.removed  # (`_remove` adds to `removed` in place)

        def phis_read(c: tuple[int, MLoc]) -> list[tuple[int, MLoc]]:
            out: list[tuple[int, MLoc]] = []
            for _, v in self._incoming(c):
                if v[1] == 0:
                    k = (v[0], v[2])
                    if k in cands and k not in removed:
                        out.append(k)
            return out

        def group_done(group: list[tuple[int, MLoc]]) -> None:
            members = set(group)
            outside = {v for c in group for _, v in self._incoming(c)
                       if not (v[1] == 0 and (v[0], v[2]) in members)}
            if len(outside) != 1:
                return
            value = outside.pop()
            removed_groups.append(group)
            for c in group:
                recheck.extend(r for r in self._remove(c, value, users) if r not in members)

        for root in live:  # Tarjan's algorithm, iteratively; a group after those it reads
            if root in index:
                continue
            work_stack: list[tuple[tuple[int, MLoc], list[tuple[int, MLoc]]]] = []
            index[root] = low[root] = len(index)
            stack.append(root)
            on_stack.add(root)
            work_stack.append((root, phis_read(root)))
            while work_stack:
                c, todo = work_stack[-1]
                if todo:
                    d = todo.pop()
                    if d not in index:
                        index[d] = low[d] = len(index)
                        stack.append(d)
                        on_stack.add(d)
                        work_stack.append((d, phis_read(d)))
                    elif d in on_stack:
                        low[c] = min(low[c], index[d])
                    continue
                work_stack.pop()
                if work_stack:
                    parent = work_stack[-1][0]
                    low[parent] = min(low[parent], low[c])
                if low[c] == index[c]:
                    group: list[tuple[int, MLoc]] = []
                    while True:
                        d = stack.pop()
                        on_stack.discard(d)
                        group.append(d)
                        if d == c:
                            break
                    # a lone PHI's inputs are those `_remove_trivial` kept it for,
                    # unless a group it reads went since
                    if len(group) > 1 or removed_groups:
                        group_done(group)
        return recheck

    # -- queries --------------------------------------------------------------------
    def canon(self, v: Value) -> Value:
        """A value with every removed PHI replaced by what it stands for."""
        removed = self.removed
        while v[1] == 0 and (v[0], v[2]) in removed:
            v = removed[(v[0], v[2])]
        return v

    def value_in(self, b: int, loc: MLoc) -> Value:
        memo = self.memo_in
        hit = memo.get((b, loc))  # (only reachable blocks other than the entry are kept)
        if hit is not None:
            _COUNTS["ldv.machine.lookups"] = _COUNTS.get("ldv.machine.lookups", 0) + 1
            return hit
        if b not in self.reachable:
            return phi(b, loc)
        cands, idom, exits, removed = self.cands, self.dom.idom, self.exit, self.removed
        chain: list[int] = []
        cur = b
        while True:
            if cur == 0:
                v = phi(0, loc)
                break
            key = (cur, loc)
            hit = memo.get(key)
            if hit is not None:
                v = hit
                break
            if key in cands:
                v = self.canon(phi(cur, loc)) if key in removed else (cur, 0, loc)
                break
            chain.append(cur)
            d = idom[cur]
            assert d is not None
            e = exits[d].get(loc)
            if e is not None:
                v = self.canon(e) if e[1] == 0 and (e[0], e[2]) in removed else e
                break
            cur = d
        for c in chain:
            memo[(c, loc)] = v
        _COUNTS["ldv.machine.lookups"] = _COUNTS.get("ldv.machine.lookups", 0) + len(chain) + 1
        return v

    def value_out(self, b: int, loc: MLoc) -> Value:
        e = self.exit[b].get(loc)
        if e is None:
            return self.value_in(b, loc)
        return self.canon(e) if b in self.reachable else e

    def homes_of(self, v: Value) -> list[MLoc]:
        """Every location that may ever hold `v` (a superset)."""
        homes = self._homes
        if homes is None:  # (the locations by value, in order, made on the first query)
            homes = self._homes = {}
            removed, canon = self.removed, self.canon
            for loc, raw in self.pushed:
                v0 = canon(raw) if raw[1] == 0 and (raw[0], raw[2]) in removed else raw
                held = homes.get(v0)
                if held is None:
                    homes[v0] = {loc: None}
                else:
                    held[loc] = None
        held = homes.get(v)
        out = list(held) if held is not None else []
        if v[1] == 0 and v[0] == 0 and v[2] not in out:  # entry PHIs are never pushed
            out = [v[2], *out]
        return out

    def entry_diff(self, b: int) -> dict[MLoc, Value]:
        """Locations whose value on entry to block `b` differs from the exit of block
        `b - 1` (layout order), with their entry values."""
        work.add("ldv.machine.entry_diffs", 1)
        if b == 0:
            return {loc: phi(0, loc) for loc in self.locs}
        prev = b - 1
        if b not in self.reachable or prev not in self.reachable:
            cands: Iterable[MLoc] = self.locs
        else:
            cands = self._differing(prev, b)
        out: dict[MLoc, Value] = {}
        for loc in cands:
            v = self.value_in(b, loc)
            if v != self.value_out(prev, loc):
                out[loc] = v
        return out

    def _differing(self, prev: int, b: int) -> set[MLoc]:
        """Locations that may hold different values at `prev`'s exit and `b`'s entry:
        those written, or given a PHI, below their nearest common dominator."""
        found: set[MLoc] = set(self.cand_locs.get(b, ()))
        between, b_dominates = self.between(prev, b)
        for x in between:
            found.update(self.exit[x])
            found.update(self.cand_locs.get(x, ()))
        if b_dominates:
            found.update(self.exit[b])
        work.add("ldv.machine.diff", len(between) + len(found))
        return found

    def between(self, prev: int, b: int) -> tuple[list[int], bool]:
        """The blocks whose writes or PHIs can make a value at the exit of `prev`
        differ from the one at the entry of `b` (two reachable blocks): those on the
        dominator-tree paths from `prev` and from `b`'s immediate dominator up to,
        not including, their nearest common dominator. And whether `b` dominates
        `prev` (then `b`'s own writes count too; `b`'s PHIs always do)."""
        dom = self.dom
        idom = dom.idom
        out: list[int] = []
        a = prev
        while not dom.dominates(a, b):
            out.append(a)
            a = idom[a]  # type: ignore[assignment]
        if a == b:
            return out, True
        x = idom[b]
        while x is not None and x != a:
            out.append(x)
            x = idom[x]
        return out, False


def reverse_post_order(fn: MFunctionView) -> list[int]:
    seen = {0}
    post: list[int] = []
    stack: list[tuple[int, int]] = [(0, 0)]
    while stack:
        b, i = stack.pop()
        succs = fn.blocks[b].succs
        if i < len(succs):
            stack.append((b, i + 1))
            s = succs[i]
            if s not in seen:
                seen.add(s)
                stack.append((s, 0))
        else:
            post.append(b)
    return post[::-1]


class StateWalker:
    """The location -> value map replayed over the blocks in layout order, with the
    locations holding each value (`holders`) kept alongside when asked for.

    The first walk over a function computes each block entry's difference and
    each instruction's effects and records them (`MachineValues.trace`); a later
    walk replays the record: the state is the same at every step, so are they."""

    def __init__(self, mv: MachineValues, fn: MFunctionView, reverse: bool = False) -> None:
        self.mv = mv
        self.fn = fn
        self.state: dict[MLoc, Value] = {}
        self.rev: dict[Value, dict[MLoc, None]] | None = {} if reverse else None
        self.block = -1
        # (location, value it held before) of each location the last entry changed,
        # kept with `holders` (reverse): what phase E rechecks at that entry
        self.replaced: list[tuple[MLoc, Value | None]] = []
        self._effects: list[Effects] = []
        self._recording = False

    def enter(self, b: int) -> Iterable[Value]:
        """Start block `b`; blocks must be entered in order 0, 1, 2, ... The values
        the entry puts in locations that held others."""
        assert b == self.block + 1, "blocks are walked in layout order"
        self.block = b
        work.add("ldv.machine.walked", 1)
        trace = self.mv.trace
        if b < len(trace):
            diff = trace[b].entry
            self._effects = trace[b].effects
            self._recording = False
        else:
            assert b == len(trace), "the first walk records every block"
            diff = self.mv.solver.entry_diff(b)
            self._effects = []
            self._recording = True
            trace.append(BlockTrace(diff, self._effects))
        if self.rev is not None:
            state = self.state
            self.replaced = [(loc, state.get(loc)) for loc in diff]
        for loc, v in diff.items():
            self._set(loc, v)
        return diff.values()

    def _effects_of(self, inst: MInstView, index: int) -> Effects:
        if not self._recording:
            return self._effects[index - 1]
        assert index == len(self._effects) + 1, "a recording walk applies every instruction"
        eff = tuple(effects(self.state, inst, self.block, index, self.fn)) or _NO_EFFECTS
        self._effects.append(eff)
        return eff

    def apply(self, inst: MInstView, index: int) -> list[tuple[MLoc, Value | None]]:
        """Apply an instruction; the (location, previous value) of each location it
        changed, in order."""
        changed: list[tuple[MLoc, Value | None]] = []
        state, rev = self.state, self.rev
        for loc, v in self._effects_of(inst, index):
            old = state.get(loc)
            if old != v:
                changed.append((loc, old))
                if rev is not None:
                    _rehome(rev, loc, old, v)
                state[loc] = v
        return changed

    def _set(self, loc: MLoc, v: Value) -> None:
        rev = self.rev
        if rev is not None:
            _rehome(rev, loc, self.state.get(loc), v)
        self.state[loc] = v

    def holders(self, v: Value) -> Iterable[MLoc]:
        assert self.rev is not None
        return self.rev.get(v, ())


def _rehome(rev: dict[Value, dict[MLoc, None]], loc: MLoc, old: Value | None,
            v: Value) -> None:
    """`loc` holds `v` now, no longer `old` (StateWalker.rev)."""
    if old is not None:
        holders = rev.get(old)
        if holders is not None:
            holders.pop(loc, None)
            if not holders:
                del rev[old]
    rev.setdefault(v, {})[loc] = None


def solve_machine_values(fn: MFunctionView) -> MachineValues:
    locs = track_locations(fn)
    n = len(fn.blocks)
    preds: list[list[int]] = [[] for _ in range(n)]
    for b, blk in enumerate(fn.blocks):
        for s in dict.fromkeys(blk.succs):
            preds[s].append(b)
    rpo = reverse_post_order(fn)
    rpo_index = {b: i for i, b in enumerate(rpo)}
    for p in preds:
        p.sort(key=lambda b: rpo_index.get(b, len(rpo)))
    solver = _Solver(fn, locs, preds, rpo)
    mv = MachineValues(locs, {loc: i for i, loc in enumerate(locs)}, preds, rpo, {}, {},
                       solver)
    walker = StateWalker(mv, fn)
    reads = mv.record_reads
    for b, blk in enumerate(fn.blocks):
        walker.enter(b)
        state = walker.state
        for k, inst in enumerate(blk.insts, start=1):
            dbg = inst.debug
            if dbg is not None:
                if isinstance(dbg, DebugPhi):
                    mv.phi_defs.setdefault(dbg.num, []).append((b, k, dbg.loc, state[dbg.loc]))
                elif isinstance(dbg.operand, MLoc):
                    reads[(b, k)] = state.get(dbg.operand, phi(b, dbg.operand))
            walker.apply(inst, k)
            if inst.instr_num and inst.debug is None:
                mv.numbered[inst.instr_num] = tuple(
                    None if loc is None else state.get(loc, phi(b, loc))
                    for loc in (inst.def_operands or inst.defs))
    return mv


def resolve_dbg_phi(mv: MachineValues, num: int, use_block: int, use_index: int) -> Value | None:
    """The value a reference to DBG_PHI number `num` stands for at a use (spec §2.4)."""
    defs = mv.phi_defs.get(num)
    if not defs:
        return None
    if len(defs) == 1:
        return defs[0][3]
    local = [d for d in defs if d[0] == use_block and d[1] < use_index]
    if local:
        return local[-1][3]
    loc = defs[0][2]
    if any(d[2] != loc for d in defs):
        return None
    last_def: dict[int, Value] = {}
    for b, _, _, v in defs:
        last_def[b] = v
    memo: dict[int, Value | None] = {}
    in_progress: set[int] = set()

    def value_out(b: int) -> Value | None:
        if b in last_def:
            # the DBG_PHI's value must still be in the location at the block's exit
            return last_def[b] if mv.live_out_at(b, loc) == last_def[b] else None
        return value_in(b)

    def value_in(b: int) -> Value | None:
        if b in memo:
            return memo[b]
        if b in in_progress:
            return phi(b, loc)  # a loop back to a block being solved
        in_progress.add(b)
        ps = mv.preds[b]
        result: Value | None
        if not ps:
            result = None  # reached the entry without a DBG_PHI: not dominated
        else:
            incoming = [value_out(p) for p in ps]
            if any(v is None for v in incoming):
                result = None
            elif all(v == incoming[0] or v == phi(b, loc) for v in incoming):
                result = incoming[0]
            else:
                # a PHI: every predecessor must leave the expected value in `loc`
                ok = all(mv.live_out_at(p, loc) == v or v == phi(b, loc)
                         for p, v in zip(ps, incoming, strict=True))
                result = mv.live_in_at(b, loc) if ok else None
        in_progress.discard(b)
        memo[b] = result
        return result

    return value_in(use_block)

