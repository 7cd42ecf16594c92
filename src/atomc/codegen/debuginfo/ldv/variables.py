"""Phases C and D: the value of every variable at every block entry.

An assignment resolves to a machine value (through the substitution table,
instruction numbers and DBG_PHIs), a constant, or "undefined". At a join the
predecessors' values must agree; if they do not, the variable gets a
variable-PHI, which is kept only when one machine location holds each incoming
value at the end of every predecessor — then the value is that location's
machine PHI. LLVM never invents a PHI the program does not compute: otherwise
the variable has no location on entry to the block.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable
from dataclasses import dataclass

from ....dwarf.locexpr import LocExpr
from ....ir import work
from ....ir.dbgrecords import DbgKind
from .homes import bits, first_restated, quiet_slots
from .machine import MachineValues, Value, phi, resolve_dbg_phi
from .model import (
    ConstOp,
    DebugOperand,
    DebugValue,
    HomeFact,
    InstrRef,
    MFunctionView,
    MLoc,
    VarKey,
    VarWhole,
)


@dataclass(frozen=True, slots=True)
class Const:
    value: int
    frame: bool = False  # a CFA-relative address (model.ConstOp)
    symbol: str | None = None  # a symbol-relative address (model.ConstOp)


@dataclass(frozen=True, slots=True)
class Computed:
    """A value the variable is computed from (a salvaged record): `ops` over `base`."""

    base: Value | Const
    ops: LocExpr


VarValue = Value | Const | Computed | None  # None: no value (undefined / optimised out)


def tagged(v: Value | Const | None, ops: LocExpr) -> VarValue:
    return Computed(v, ops) if ops and v is not None else v

_COUNTS = work.COUNTS  # (updated inline by the per-lookup counter: no call each)

# not yet computed (optimistic start for back edges); compared by identity, so
# typed as a tuple of any length: mypyc keeps a fixed-length one unboxed and boxes
# a new object at each use, which `is` never matches
_TOP: tuple[str, ...] = ("top",)


def resolve_operand(op: DebugOperand, state: dict[MLoc, Value], fn: MFunctionView,
                    mv: MachineValues, block: int, index: int) -> Value | Const | None:
    if op is None:
        return None
    if isinstance(op, ConstOp):
        return Const(op.value, op.frame, op.symbol)
    if isinstance(op, MLoc):
        return state.get(op, phi(block, op))
    assert isinstance(op, InstrRef)
    num, k = op.num, op.op
    seen = set()
    while (num, k) in fn.substitutions and (num, k) not in seen:
        seen.add((num, k))
        num, k = fn.substitutions[(num, k)]
    if num in mv.numbered:
        vals = mv.numbered[num]
        return vals[k] if k < len(vals) else None
    if num in mv.phi_defs:
        return resolve_dbg_phi(mv, num, block, index)
    return None


def block_assignments(fn: MFunctionView, mv: MachineValues
                      ) -> list[dict[VarKey, VarValue]]:
    """Per block, the value of each variable assigned in it at the block's end.
    An assignment ends the values of the other fragments it overlaps: only the
    fragments of the same variable instance are checked, not every variable the
    block assigned before (a long block assigns many)."""
    out: list[dict[VarKey, VarValue]] = []
    reads = mv.record_reads  # (no walk: the first one read the records' locations)
    checks = 0
    for b, blk in enumerate(fn.blocks):
        last: dict[VarKey, VarValue] = {}
        pieces: dict[VarWhole, dict[VarKey, None]] = {}
        for k, inst in enumerate(blk.insts, start=1):
            if isinstance(inst.debug, DebugValue) and inst.debug.kind is DbgKind.NEW:
                d = inst.debug
                same = pieces.setdefault(d.var.whole, {})
                checks += len(same)
                for other in same:
                    if other != d.var and other.overlaps(d.var):
                        last[other] = None
                same[d.var] = None
                op = d.operand
                v = reads[(b, k)] if isinstance(op, MLoc) else resolve_operand(op, {}, fn, mv, b, k)
                last[d.var] = tagged(v, d.expr)
        out.append(last)
    work.add("ldv.vars.overlap_checks", checks + len(fn.blocks))
    return out


def all_variables(fn: MFunctionView) -> list[VarKey]:
    """Every variable, in order of its first record (a home's restated ones, at
    the entries of the blocks it reaches, count as they would written out)."""
    seen: dict[VarKey, None] = {}
    first: dict[int, list[VarKey]] = {}
    for h in fn.homes:
        first.setdefault(first_restated(fn, h), []).append(h.record.var)
    for b, blk in enumerate(fn.blocks):
        for var in first.get(b, ()):
            seen.setdefault(var)
        for inst in blk.insts:
            if isinstance(inst.debug, DebugValue):
                seen.setdefault(inst.debug.var)
    return list(seen)


@dataclass(frozen=True, slots=True)
class VarFlow:
    """The variables' values along the layout walk, as differences: `assigns[b]`,
    the values assigned in block b (at its end); `entry[b]`, the variables whose
    live-in value at block b differs from their value at the end of block b - 1
    (for block 0, from none), with that value (None: no value). Phase E reads
    these instead of every variable at every block."""

    assigns: list[dict[VarKey, VarValue]]
    entry: list[dict[VarKey, VarValue]]


def solve_variable_values(fn: MFunctionView, mv: MachineValues) -> VarFlow:
    """Live-in value of every variable at every block, as differences along the layout."""
    assigns = block_assignments(fn, mv)
    writers: dict[VarKey, list[int]] = {}
    for b, blk_assigns in enumerate(assigns):
        for var in blk_assigns:
            writers.setdefault(var, []).append(b)
    homes = {h.record.var: h for h in fn.homes}
    quiet = quiet_slots(fn)
    solved: dict[VarKey, _VarSolution | HomeFlow] = {
        var: _VarSolution(var, bs, assigns, mv) for var, bs in writers.items()
        if var not in homes}
    for var, h in homes.items():  # (in the order the restated records gave)
        solved[var] = HomeFlow(h, writers.get(var, []), assigns, mv,
                                h.record.operand in quiet, fn.starts)
    return VarFlow(assigns, _entry_differences(fn, mv, assigns, solved))


class HomeFlow:
    """One home's values along the blocks, for phases C-D, in place of a
    `_VarSolution` over the restated records (homes.py): on entry to a block
    that restates it, the record's value there (its slot's machine value); on
    entry to a later part of a block, the part before's exit value; on entry to
    any other block, none (a block reached from where the home starts restates
    it, so the others are reached only from blocks where it has none). At a
    block's exit, its last own record's value if it has one."""

    __slots__ = ("var", "home", "assigns", "mv", "writers", "quiet", "starts", "restates",
                 "memo")

    def __init__(self, home: HomeFact, writers: list[int], assigns: list[dict[VarKey, VarValue]],
                 mv: MachineValues, quiet: bool, starts: int) -> None:
        self.var = home.record.var
        self.home = home
        self.writers = writers  # the blocks with records of the variable's own
        self.assigns = assigns
        self.mv = mv
        self.quiet = quiet  # its slot holds one value throughout (homes.quiet_slots)
        self.starts = starts
        self.restates = home.restated(starts)
        self.memo: dict[int, VarValue] = {}

    def _restated(self, b: int) -> VarValue:
        """The value the record restated at block `b`'s entry resolves to."""
        d = self.home.record
        assert isinstance(d.operand, MLoc), "a home names its slot"
        return tagged(self.mv.live_in_at(b, d.operand), d.expr)

    def value_in(self, b: int) -> VarValue:
        """The live-in value at reachable block `b`."""
        if b == 0:
            return None
        if (self.restates >> b) & 1:
            return self._restated(b)
        if (self.starts >> b) & 1:
            return None
        memo = self.memo  # a later part: the part before's exit (a chain of them)
        chain: list[int] = []
        cur = b
        while True:
            if cur in memo:
                v = memo[cur]
                break
            chain.append(cur)
            prev = cur - 1
            if self.var in self.assigns[prev]:
                v = self.assigns[prev][self.var]
                break
            if prev == 0 or (self.starts >> prev) & 1:
                v = self._restated(prev) if (self.restates >> prev) & 1 else None
                break
            cur = prev
        for c in chain:
            memo[c] = v
        return v

    def value_out(self, b: int) -> VarValue:
        a = self.assigns[b]
        if self.var in a:
            return a[self.var]
        if b == 0 or b not in self.mv.solver.reachable:  # (as the records would leave)
            return self._restated(b) if (self.restates >> b) & 1 else None
        return self.value_in(b)

    def carried(self, b: int) -> VarValue:
        """The value phase E holds for the variable at block `b`'s exit, from the
        live-ins `VarFlow.entry` gives and the values `VarFlow.assigns` gives (a
        restated record is in neither: at the function's entry, or an unreachable
        block, its value is not carried, and the block after compares with none)."""
        a = self.assigns[b]
        if self.var in a:
            return a[self.var]
        if b == 0 or b not in self.mv.solver.reachable:
            return None
        return self.value_in(b)

    def boundaries(self, n: int) -> list[int]:
        """The blocks b > 0 whose live-in may differ from block b - 1's exit value:
        where the blocks the fact reaches begin or end, after a block with a
        record of the variable's own and after the later parts of that block,
        which carry its value; every block if its slot's value may change."""
        if not self.quiet:
            return list(range(1, n))
        reach = self.home.reach
        out = set(bits((reach ^ (reach << 1)) & ((1 << n) - 2)))
        if n > 1:
            out.add(1)  # (the entry's restated record is not carried: `carried`)
        for w in self.writers:
            b = w + 1
            out.add(b)
            while b < n and not (self.starts >> b) & 1:
                b += 1
            out.add(b)
        out.discard(n)
        work.add("ldv.homes.boundaries", len(out) + 1)
        return sorted(out)


_ENTRY = -1  # the source of a variable's value on entry to the function: none


class _VarSolution:
    """One variable's values, solved sparsely (as LLVM places variable PHIs): a
    join (variable-PHI) is considered only at the iterated dominance frontier of
    the blocks that assign the variable; every other block's live-in is its
    immediate dominator's live-out. The joins are iterated to a fixed point,
    optimistically across back edges. A block's value is found by walking up the
    dominator tree to its source: an assignment (at a block's exit) or a join
    (at a block's entry), remembered for every block on the way."""

    __slots__ = ("var", "assigns", "mv", "joins", "vin", "src", "sources", "unknown")

    def __init__(self, var: VarKey, blocks: list[int], assigns: list[dict[VarKey, VarValue]],
                 mv: MachineValues) -> None:
        self.var = var
        self.assigns = assigns
        self.mv = mv
        solver = mv.solver
        self.joins = solver.idf(blocks)
        self.joins.discard(0)  # nothing is live on entry to the function
        self.vin: dict[int, object] = dict.fromkeys(self.joins, _TOP)
        # block -> source of its live-in: 2*b+1, the join at b's entry; 2*b, the
        # assignment at b's exit; _ENTRY, none
        self.src: dict[int, int] = {}
        order = sorted(self.joins, key=solver.rpo_index.__getitem__)
        # the blocks that give the variable a value of their own (an assignment at
        # the exit, a join at the entry), by their dominator-tree preorder number
        pre = solver.dom_pre
        self.sources = sorted(pre[x] for x in {*blocks, *self.joins} if x in pre)
        self.unknown = False  # a join read a value not computed yet (_TOP)
        joined = passes = 0
        changed = True
        own_met = False  # a join became its own PHI, which one of its inputs is
        while changed:
            changed = False
            passes += 1
            for b in order:
                incoming, visited = self._incoming(b)
                joined += visited
                new_in = _join(b, self.vin[b], incoming, mv)
                if new_in is not _TOP and new_in != self.vin[b]:
                    self.vin[b] = new_in
                    changed = True
                    own_met = own_met or _own_phi(new_in, b) and new_in in incoming.values()
            # The first pass, in reverse post-order, read every join it needed after
            # computing it, unless it met one not computed yet (across a back edge):
            # then a second pass would compute each join from the same inputs the
            # same way (`_join` sets apart only inputs equal to the join's own PHI
            # when that is its current value) and change nothing. A variable
            # without a loop, or whose loops carry no join of it, needs one pass.
            if passes == 1 and not self.unknown and not own_met:
                break
        work.add("ldv.vars.joins", joined + len(order))
        work.add("ldv.vars.passes", passes)
        work.add("ldv.vars.solved", 1)

    def _incoming(self, b: int) -> tuple[_Incoming | _GroupedIncoming, int]:
        """The known exit values of join `b`'s reachable predecessors, and how many
        were looked up. Every predecessor is dominated by `b`'s immediate dominator
        d; one whose dominator-tree path up to d meets none of the variable's
        sources below d leaves d's own exit value. A join of a thousand switch cases
        looks up only the cases under such a source, and d's value once."""
        solver = self.mv.solver
        group = solver.pred_group(b)  # None: few predecessors
        if group is not None:
            d, pres, blocks = group
            lo = bisect_right(self.sources, solver.dom_pre[d])
            hi = bisect_right(self.sources, solver.dom_post[d])
        if group is None or hi - lo >= len(blocks):  # each predecessor looked up
            inc = [(p, v) for p in self.mv.preds[b] if p in solver.reachable
                   for v in (self.value_out(p),) if v is not _TOP]
            return _Incoming(inc, None, frozenset()), len(inc)
        return self._grouped(d, pres, blocks, lo, hi)

    def _grouped(self, d: int, pres: list[int], blocks: list[int], lo: int, hi: int
                 ) -> tuple[_GroupedIncoming, int]:
        """`_incoming` of a join with many predecessors, by runs of them: in
        dominator-tree preorder, the predecessors strictly inside one source's
        subtree and no deeper source's all leave that source's value (its
        assignment's, else its join's), read once for the run; a predecessor that
        is a source is looked up; the rest leave d's exit value. A join of the
        dispatch loop's hundred back edges costs its sources, not its edges."""
        solver = self.mv.solver
        dom_block, dom_post = solver.dom_block, solver.dom_post
        listed: list[tuple[int, object]] = []
        runs: list[tuple[int, int, object]] = []  # predecessors blocks[i:j] leave v
        open_: list[tuple[int, int]] = []  # the sources around the cursor: (post, block)
        cursor = covered = 0

        def upto(last_pre: int) -> None:
            """The predecessors from the cursor up to preorder `last_pre` belong to
            the innermost open source (none: d's value)."""
            nonlocal cursor, covered
            j = bisect_right(pres, last_pre, cursor)
            if j > cursor and open_:
                runs.append((cursor, j, self._exit_of(open_[-1][1])))
                covered += j - cursor
            cursor = max(cursor, j)

        for x_pre in self.sources[lo:hi]:
            while open_ and open_[-1][0] < x_pre:  # sources that end before this one
                upto(open_[-1][0])
                open_.pop()
            upto(x_pre - 1)
            x = dom_block[x_pre]
            if cursor < len(pres) and pres[cursor] == x_pre:  # the source is a predecessor
                listed.append((x, self.value_out(x)))
                cursor += 1
                covered += 1
            open_.append((dom_post[x], x))
        while open_:
            upto(open_[-1][0])
            open_.pop()
        rest = self.value_out(d)
        has_others = rest is not _TOP and covered < len(blocks)
        return _GroupedIncoming(listed, runs, blocks, rest, has_others), \
            len(listed) + len(runs) + (hi - lo) + 1

    def _exit_of(self, x: int) -> object:
        """The value blocks strictly below source block `x` (and no other source)
        leave: its assignment's, else its join's."""
        a = self.assigns[x]
        if self.var in a:
            return a[self.var]
        v = self.vin[x]
        if v is _TOP:
            self.unknown = True
        return v

    def _source_in(self, b: int) -> int:
        """Where block `b`'s live-in comes from (a reachable block)."""
        src, joins, assigns, var = self.src, self.joins, self.assigns, self.var
        idom = self.mv.solver.dom.idom
        chain: list[int] = []
        cur: int | None = b
        while True:
            if cur is None or cur == 0:
                found = _ENTRY
                break
            hit = src.get(cur)
            if hit is not None:
                found = hit
                break
            if cur in joins:
                found = 2 * cur + 1
                break
            chain.append(cur)
            cur = idom[cur]
            if cur is not None and var in assigns[cur]:
                found = 2 * cur
                break
        for c in chain:
            src[c] = found
        _COUNTS["ldv.vars.lookups"] = _COUNTS.get("ldv.vars.lookups", 0) + len(chain) + 1
        return found

    def _value(self, source: int) -> object:
        if source == _ENTRY:
            return None
        if source & 1:
            v = self.vin[source >> 1]
            if v is _TOP:
                self.unknown = True
            return v
        return self.assigns[source >> 1][self.var]

    def value_in(self, b: int) -> object:
        """The live-in value at reachable block `b` (_TOP while not yet known)."""
        return None if b == 0 else self._value(self._source_in(b))

    def value_out(self, b: int) -> object:
        a = self.assigns[b]
        var = self.var
        if var in a:
            return a[var]
        if b == 0:
            return None
        source = self.src.get(b)  # (a remembered source: `_source_in`'s first look)
        if source is None:
            return self._value(self._source_in(b))
        _COUNTS["ldv.vars.lookups"] = _COUNTS.get("ldv.vars.lookups", 0) + 1
        return self._value(source)


def _entry_differences(fn: MFunctionView, mv: MachineValues,
                       assigns: list[dict[VarKey, VarValue]],
                       solved: dict[VarKey, _VarSolution | HomeFlow]
                       ) -> list[dict[VarKey, VarValue]]:
    """VarFlow.entry: per block, the variables whose live-in differs from their value
    at the end of the block before. Only those assigned, or joined, below the two
    blocks' nearest common dominator can differ (as for machine locations), and
    a home where its fact starts or stops holding or after its own records."""
    solver = mv.solver
    reachable = solver.reachable
    rank = {var: i for i, var in enumerate(all_variables(fn))}
    n = len(fn.blocks)
    joins_at: dict[int, list[VarKey]] = {}
    for var, sol in solved.items():
        for b in (sol.boundaries(n) if isinstance(sol, HomeFlow) else sol.joins):
            joins_at.setdefault(b, []).append(var)
    entry: list[dict[VarKey, VarValue]] = [{} for _ in range(n)]
    considered = 0
    for b in range(1, n):
        prev = b - 1
        if b not in reachable or prev not in reachable:
            cands: set[VarKey] = set(solved)
        else:
            cands = set(joins_at.get(b, ()))
            between, b_dominates = solver.between(prev, b)
            for x in between:
                cands.update(assigns[x])
                cands.update(joins_at.get(x, ()))
            if b_dominates:
                cands.update(assigns[b])
            considered += len(between)
        considered += len(cands)
        for var in sorted(cands, key=rank.__getitem__):
            sol = solved[var]  # every variable assigned anywhere
            v = sol.value_in(b) if b in reachable else None
            before = sol.carried(prev) if isinstance(sol, HomeFlow) else \
                sol.value_out(prev) if prev in reachable else assigns[prev].get(var)
            if v is _TOP:
                v = None
            if before is _TOP:
                before = None
            if v != before:
                entry[b][var] = v  # type: ignore[assignment]
    work.add("ldv.vars.entries", considered)
    return entry


@dataclass(frozen=True, slots=True)
class _Incoming:
    """A join's known predecessor exit values: `listed`, looked up one by one; the
    predecessors `others` all leave `rest` (the immediate dominator's exit value)."""

    listed: list[tuple[int, object]]
    rest: Hashable  # not object: mypyc builds no dataclass with an `object` field
    others: frozenset[int]

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, listed: list[tuple[int, object]], rest: Hashable,
                 others: frozenset[int]) -> None:
        object.__setattr__(self, "listed", listed)
        object.__setattr__(self, "rest", rest)
        object.__setattr__(self, "others", others)

    def values(self) -> list[object]:
        return [v for _, v in self.listed] + ([self.rest] if self.others else [])

    def every(self, preds: list[int]) -> list[tuple[int, object]]:
        """Every (predecessor, value), in predecessor order."""
        if not self.others:
            return self.listed
        listed = dict(self.listed)
        return [(p, listed[p] if p in listed else self.rest) for p in preds
                if p in listed or p in self.others]


@dataclass(frozen=True, slots=True)
class _GroupedIncoming:
    """`_Incoming` by runs (`_VarSolution._grouped`): `listed`, predecessors looked
    up one by one; `runs`, (i, j, v): predecessors `blocks[i:j]` all leave v; the
    others (when `has_others`) leave `rest`. Unknown values (_TOP) count as none."""

    listed: list[tuple[int, object]]
    runs: list[tuple[int, int, object]]
    blocks: list[int]
    rest: Hashable  # not object: mypyc builds no dataclass with an `object` field
    has_others: bool

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, listed: list[tuple[int, object]], runs: list[tuple[int, int, object]],
                 blocks: list[int], rest: Hashable, has_others: bool) -> None:
        object.__setattr__(self, "listed", listed)
        object.__setattr__(self, "runs", runs)
        object.__setattr__(self, "blocks", blocks)
        object.__setattr__(self, "rest", rest)
        object.__setattr__(self, "has_others", has_others)

    def values(self) -> list[object]:
        out = [v for _, v in self.listed if v is not _TOP]
        out += [v for _, _, v in self.runs if v is not _TOP]
        return out + ([self.rest] if self.has_others else [])

    def every(self, preds: list[int]) -> list[tuple[int, object]]:
        """Every (predecessor, value) known, in predecessor order."""
        known: dict[int, object] = dict(self.listed)
        for i, j, v in self.runs:
            for p in self.blocks[i:j]:
                known[p] = v
        members = set(self.blocks)
        out = []
        for p in preds:
            if p in known:
                if known[p] is not _TOP:
                    out.append((p, known[p]))
            elif self.has_others and p in members:
                out.append((p, self.rest))
        return out


def _join(b: int, current: object, incoming: _Incoming | _GroupedIncoming,
          mv: MachineValues) -> object:
    """The value on entry to block `b` given its reachable predecessors' known exit
    values (`incoming`)."""
    # A back edge that carries this block's own (resolved) PHI agrees with anything.
    own = current if _own_phi(current, b) else None
    seen = incoming.values()
    if not seen:
        return _TOP
    values = [v for v in seen if v != own or own is None]
    if not values:
        return current
    if all(v == values[0] for v in values):
        return values[0]  # (optimistic while back edges are not computed yet)
    if any(v is None or isinstance(v, (Const, Computed)) for v in seen):
        return None
    return _pick_vphi_location(b, incoming.every(mv.preds[b]), own, mv)


def _own_phi(v: object, b: int) -> bool:
    """`v` is a machine PHI of block `b`."""
    return isinstance(v, tuple) and len(v) == 3 and v[0] == b and v[1] == 0


def _pick_vphi_location(b: int, incoming: list[tuple[int, object]], own: object,
                        mv: MachineValues) -> object:
    common: set[MLoc] | None = None
    kept = mv.kept_phis(b)
    for p, v in incoming:
        # the locations holding the value at the predecessor's exit (or, for a back
        # edge carrying the variable's own PHI, their own PHI of this block)
        # (_TOP, a tuple too, is held nowhere)
        holders = set(mv.holders_at_exit(p, v)) \
            if isinstance(v, tuple) and v is not _TOP else set()
        if v == own:
            holders.update(loc for loc in kept if mv.live_out_at(p, loc) == phi(b, loc))
        common = holders if common is None else common & holders
    if not common:
        return None
    for loc in sorted(common, key=lambda x: mv.order[x]):
        if mv.live_in_at(b, loc) == phi(b, loc):
            return phi(b, loc)
    return None
