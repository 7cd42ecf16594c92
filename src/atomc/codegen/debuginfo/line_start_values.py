"""Values assigned by a line with no code of its own begin after that line's stop.

An assignment that leaves no instruction (`g = (x = y);` with `x` a constant,
`for (i = 2; ...)` with the counter in a register, `++n` folded into a
constant) has its record right in front of the next instruction. When that is
where the debugger stops for the assignment's own line, it stops before the
line ran, where -O0 still shows the old value, but a range that begins at the
record shows the assigned value: one -O0 never shows on that line.

So the rows of the line table decide, as the debuggers read them: after the
record, the first row of another line is where lldb stops (it stops at rows
without is_stmt too), and the first is_stmt row of that line's run is where
gdb stops. When the record's assignment (`DbgMeta.stmt`) is on that line, or
is part of the trip of a fully unrolled loop whose header row that is
(dwarf/iteration_heads.py: the row sits on the trip's first instruction, after
the records of the trip's code-less statements), the new value begins after
gdb's stop. Up to there the old value is shown where its location still holds
it (a constant or an entry value always does; a register or spill slot until
an instruction writes it); elsewhere the variable is optimized out, dead after
the line before: never the value the line has not assigned yet.

The same holds for a record that leaves the variable without a location (a
value computed below the stop, `not_yet`; one a pass deleted, `dead`): up to
the stop the state before it stays, the old value or the reason before (`not
yet assigned` where no path had assigned it; at a block entry, where every
path in had not). When an earlier statement of the same run assigned a
constant (`s = 0` above a fully unrolled loop whose first trip adds to `s`),
that constant is what -O0 shows at the stop, whatever was there before. The
records of an inlined call measure from the first row inside the call: the
caller's rows before it (its line holding the call) show none of its variables.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from ...dwarf.line_rows import Row
from ...ir.debuginfo import DILocation
from ...ir.function import AtomKey, Iteration, atom_key
from ...ir.why import Why, WhyKind
from ..mir import DbgMeta, Imm, MFunction, MInst
from ..mir.cfg import predecessor_indices, successor_indices
from .ldv.model import (
    ComputedLoc,
    ConstLoc,
    EntryValueLoc,
    LocKind,
    MInstView,
    MLoc,
    NoLoc,
    PiecesLoc,
    VarLoc,
    VarRange,
    WhyRange,
)
from .records_ahead import (
    Key,
    Withheld,
    inside_instance,
    key_of_meta,
    key_of_range,
    withheld_values,
)

_LOST = NoLoc(Why(WhyKind.DEAD))  # the value before the record is nowhere here


@dataclass(frozen=True, slots=True)
class LineStarts:
    """The line table as the debuggers meet it, by real instruction (positions as in
    `VarRange`): the row starting there (None: the row before continues), and the
    trip (loop, index) whose header row it holds."""

    rows: Sequence[Row | None]
    trips: Mapping[int, tuple[int, int]]
    iterations: Mapping[AtomKey, tuple[Iteration, ...]]  # the module's unrolled trips


@dataclass(frozen=True, slots=True)
class Machine:
    """What each real instruction writes, for the old value's location."""

    views: Sequence[MInstView]  # by real instruction
    caller_saved: frozenset[MLoc]

    def first_write(self, loc: VarLoc, a: int, b: int) -> int:
        """The first instruction in [a, b) that may change what `loc` holds, else b."""
        if isinstance(loc, (ConstLoc, EntryValueLoc)):
            return b
        if isinstance(loc, ComputedLoc):
            return self.first_write(loc.base, a, b)
        regs = [loc] if isinstance(loc, MLoc) else [r for r, _ in loc.parts] \
            if isinstance(loc, PiecesLoc) else []
        if not regs or any(r.kind is not LocKind.REG for r in regs):
            return min(a, b)  # a frame object any store may write: no instruction may run
        for k in range(a, b):
            v = self.views[k]
            written = {*v.defs, *(m[0] for m in (v.copy, v.restore, v.spill) if m)}
            if any(r in written or (v.call and r in self.caller_saved) for r in regs):
                return k
        return b


@dataclass(frozen=True, slots=True)
class _Site:
    """Records in front of real instruction `p + 1` whose line's stop is at real
    instruction `stop`; `keys`: the variables they assign ahead of it; `entry`: the
    block they open, when `p + 1` is its first instruction."""

    p: int
    stop: int
    keys: tuple[tuple[Key, tuple[int, ...]], ...]  # with the constants restated before
    entry: int | None
    # the constant an earlier statement of the run assigns (the value -O0 shows at
    # the stop), by variable: the value before the run is not the one to keep then
    known: tuple[tuple[Key, int], ...] = ()
    lines: tuple[tuple[Key, int], ...] = ()  # the line of the statement due after the stop


class _Timeline:
    """The ranges and gaps being edited, with what the edits look up."""

    def __init__(self, mf: MFunction, where: Sequence[tuple[int, int]],
                 ranges: list[VarRange], gaps: list[WhyRange], machine: Machine) -> None:
        self.mf, self.where, self.machine = mf, where, machine
        self.out: list[VarRange | None] = list(ranges)
        self.gaps = list(gaps)
        self.starting: dict[tuple[Key, int], list[int]] = {}
        self.ending: dict[tuple[Key, int], int] = {}
        self.primary: dict[Key, list[int]] = {}
        self.covering: dict[Key, list[int]] = {}  # every range, by variable
        for i, r in enumerate(ranges):
            k = key_of_range(r.var)
            self.covering.setdefault(k, []).append(i)
            self.starting.setdefault((k, r.start), []).append(i)
            if r.primary:
                self.ending[(k, r.end)] = i
                self.primary.setdefault(k, []).append(i)
        self._gap_at: dict[tuple[Key, int], int] | None = None  # gaps by variable and end
        self._by_key: dict[Key, list[int]] | None = None  # gaps by variable
        self._preds: list[list[int]] | None = None
        self._last: list[int] | None = None

    def delay(self, site: _Site, key: Key, restated: tuple[int, ...],
              withheld: Withheld | None = None) -> None:
        """Move `key`'s value that begins at `site.p` on past `site.stop`, where the
        value before it is one to keep (not where the variable had none yet: an
        indeterminate value, which no value shown can contradict); and past
        `withheld.stop` (records_ahead.py), whatever the value before was."""
        out, p, s = self.out, site.p, site.stop
        known = dict(site.known).get(key)
        if known is not None:
            self._known_before(site, key, known, withheld)
            return
        idx, new = self._starting(key, p)
        if new is None:
            if withheld is None:
                self._delay_gap(site, key, restated)
            return
        old = self.ending.get((key, p)) if site.entry is None else None
        old_range = out[old] if old is not None else None
        entry = self._entry_loc(key, site.entry) if site.entry is not None else None
        before = old_range.loc if old_range is not None else entry
        gap = self._gap_ending(key, p) if site.entry is None and old_range is None else None
        own = new.end >= s and (not restated or (
            isinstance(before, ConstLoc) and not before.frame and before.symbol is None
            and set(restated) == {before.value})) and (
            site.entry is not None or old_range is not None or
            (gap is not None and not is_not_yet(self.gaps[gap].reason)))
        # the value the line's own stop must not show yet (own); or one assigned
        # ahead of code that preceded it, with any value before it
        if withheld is not None and (not own or withheld.stop > s) and (
                gap is None or not is_not_yet(self.gaps[gap].reason)):
            s, keep = min(withheld.stop, new.end), withheld.keep
            lost = NoLoc(Why(WhyKind.NOT_YET, line=withheld.line))
        elif own:
            keep = s
            lost = NoLoc(Why(WhyKind.DEAD), p) if site.entry is None or entry is not None \
                else NoLoc(Why(WhyKind.NOT_YET, line=dict(site.lines).get(key, 0))) \
                if self._unassigned(key, site.entry) \
                else _LOST
        else:
            return
        for i in idx:
            r = out[i]
            assert r is not None
            out[i] = replace(r, start=s) if r.end > s else None
            self.starting.setdefault((key, s), []).append(i)
        covered = p
        if old is not None and old_range is not None:
            covered = self.machine.first_write(old_range.loc, p, min(s, keep))
            out[old] = replace(old_range, end=covered)
        elif entry is not None:
            covered = self.machine.first_write(entry, p + 1, min(s, keep))
            old = len(out)
            out.append(VarRange(new.var, p, covered, entry))
            self.primary.setdefault(key, []).append(old)
        if old is not None:
            self.ending[(key, covered)] = old
        if covered >= s:
            return
        if gap is not None:  # the old value was already gone: so it stays up to the stop
            self.gaps[gap] = replace(self.gaps[gap], end=s)
            self._gap_index()[(key, s)] = gap
            return
        # the old value's location is written before the stop, or none is known
        self._add_gap(key, WhyRange(new.var, covered, s, lost))

    def _delay_gap(self, site: _Site, key: Key, restated: tuple[int, ...]) -> None:
        """The records at `site.p` leave `key` without a location (a value computed
        later, `not_yet`; one a pass deleted, `dead`): that too is due only after the
        line's stop. Up to there the state before stays: the value before where its
        location still holds it, or the reason before (`not_yet` before a first
        assignment)."""
        p = site.p
        j = self._gap_starting(key, p)
        if j is None or site.entry is not None:
            return
        g = self.gaps[j]
        s = min(site.stop, g.end)
        old = self.ending.get((key, p))
        old_range = self.out[old] if old is not None else None
        prev = self._gap_ending(key, p) if old_range is None else None
        if s <= p or (old_range is None and prev is None):
            return
        before = old_range.loc if old_range is not None else None
        if restated and not (isinstance(before, ConstLoc) and not before.frame
                             and before.symbol is None and set(restated) == {before.value}):
            return
        covered = s
        if old is not None and old_range is not None:
            covered = self.machine.first_write(old_range.loc, p, s)
            self.out[old] = replace(old_range, end=covered)
            self.ending[(key, covered)] = old
        else:
            assert prev is not None
            gone = self.gaps[prev]
            reason = gone.reason
            line = dict(site.lines).get(key, 0)
            if is_not_yet(reason) and isinstance(reason.why, Why) and not reason.why.line \
                    and reason.at is None and line:
                reason = NoLoc(Why(WhyKind.NOT_YET, line=line))  # the line due to assign it
            self.gaps[prev] = replace(gone, end=s, reason=reason)
            self._gap_index()[(key, s)] = prev
        if covered < s:  # the value before is written before the stop: lost there
            self._add_gap(key, WhyRange(g.var, covered, s, NoLoc(Why(WhyKind.DEAD), p)))
        if s < g.end:
            self.gaps[j] = replace(g, start=s)
        else:
            self.gaps[j] = replace(g, start=s, end=s)  # (an empty range, dropped below)

    def _known_before(self, site: _Site, key: Key, value: int,
                      withheld: Withheld | None) -> None:
        """A run whose records assign `key` the constant `value` (a statement before
        the stop) and then a value due after the stop: `value` is what -O0 shows at
        the stop, so it holds from the run up to there; what the run assigns next
        (a value, or none yet) begins after it, or after the code that passed the
        run (records_ahead.py), `not_yet` in between."""
        p, s = site.p, site.stop
        if s <= p and withheld is not None:  # a run only code passed: up to that code's rows
            s = min(withheld.keep, withheld.stop)
        idx, new = self._starting(key, p)
        j = self._gap_starting(key, p)
        var = new.var if new is not None else self.gaps[j].var if j is not None else None
        if var is None or s <= p:
            return
        due = max(s, withheld.stop) if withheld is not None else s
        for i in idx:
            r = self.out[i]
            assert r is not None
            self.out[i] = replace(r, start=due) if r.end > due else None
            self.starting.setdefault((key, due), []).append(i)
        if j is not None:
            g = self.gaps[j]
            self.gaps[j] = replace(g, start=min(due, g.end))
        self.out.append(VarRange(var, p, s, ConstLoc(value)))
        if due > s:
            assert withheld is not None
            self._add_gap(key, WhyRange(var, s, due, NoLoc(Why(WhyKind.NOT_YET,
                                                                line=withheld.line))))

    def _gaps_of(self, key: Key) -> list[int]:
        """The gaps of `key` (indices)."""
        if self._by_key is None:
            self._by_key = {}
            for n, g in enumerate(self.gaps):
                self._by_key.setdefault(key_of_range(g.var), []).append(n)
        return self._by_key.get(key, [])

    def _add_gap(self, key: Key, gap: WhyRange) -> None:
        n = len(self.gaps)
        self._gaps_of(key)
        assert self._by_key is not None
        self._by_key.setdefault(key, []).append(n)
        self._gap_index()[(key, gap.end)] = n
        self.gaps.append(gap)

    def _gap_starting(self, key: Key, p: int) -> int | None:
        """The gap of `key` that begins at `p` (its index), if any."""
        return next((n for n in self._gaps_of(key) if self.gaps[n].start == p), None)

    def _starting(self, key: Key, p: int) -> tuple[list[int], VarRange | None]:
        """The ranges of `key` beginning at `p` (indices), and the primary one. A
        range across `p` is cut there first: LiveDebugValues joins the value before
        a record and the record's when one location holds both (a register updated
        in place, `add $-1, %rdx` for `l_2 -= 1`)."""
        out = self.out
        idx = [i for i in self.starting.get((key, p), ()) if (r := out[i]) is not None
               and r.start == p]
        if not idx:
            idx = [self._cut(i, p) for i in self.covering.get(key, ())
                   if (r := out[i]) is not None and r.start < p < r.end]
        new = next((r for i in idx if (r := out[i]) is not None and r.primary), None)
        return idx, new

    def _cut(self, i: int, p: int) -> int:
        """Cut range `i` at `p`; the index of its part from `p` on."""
        r = self.out[i]
        assert r is not None
        k = key_of_range(r.var)
        self.out[i] = replace(r, end=p)
        j = len(self.out)
        self.out.append(replace(r, start=p))
        self.covering[k].append(j)
        self.starting.setdefault((k, p), []).append(j)
        if r.primary:
            self.ending[(k, p)] = i
            self.ending[(k, r.end)] = j
            self.primary[k].append(j)
        return j

    def _gap_index(self) -> dict[tuple[Key, int], int]:
        if self._gap_at is None:
            self._gap_at = {(key_of_range(g.var), g.end): n for n, g in enumerate(self.gaps)}
        return self._gap_at

    def _gap_ending(self, key: Key, p: int) -> int | None:
        """The gap of `key` that ends at `p` (its index), if any."""
        return self._gap_index().get((key, p))

    def _unassigned(self, key: Key, block: int) -> bool:
        """Does every path into `block` leave `key` not assigned yet (`not_yet` at
        each predecessor's last instruction, or at the function's entry)?"""
        self._entry_loc(key, block)  # (builds the predecessor tables)
        assert self._preds is not None and self._last is not None
        ends = [self._last[b] for b in self._preds[block]] or [-1]
        gaps = [g for n in self._gaps_of(key) if is_not_yet((g := self.gaps[n]).reason)]
        return all(any(g.start < e <= g.end or g.start == e == -1 for g in gaps) for e in ends)

    def _entry_loc(self, key: Key, block: int) -> VarLoc | None:
        """Where every path into `block` leaves `key`'s value: the location its
        range has at each predecessor's last instruction, which does not write it
        (None: a predecessor without code, a record after its last instruction,
        no location there, or not one location on all of them)."""
        if self._preds is None:
            succ = successor_indices(self.mf)
            self._preds = predecessor_indices(succ, len(self.mf.blocks))
            last = [-1] * len(self.mf.blocks)
            for n, (b, _) in enumerate(self.where):
                last[b] = n
            self._last = last
        assert self._last is not None
        found: set[VarLoc] = set()
        for b in self._preds[block] or [-1]:
            e = self._last[b] if b >= 0 else -1
            if e < 0 or any(isinstance(mi.meta, DbgMeta) and key_of_meta(mi.meta) == key
                            for mi in self.mf.blocks[b].insts[self.where[e][1] + 1:]):
                return None
            r = next((r for i in self.primary.get(key, ())
                      if (r := self.out[i]) is not None and r.start < e <= r.end), None)
            if r is None or self.machine.first_write(r.loc, e, e + 1) == e:
                return None
            found.add(r.loc)
        return found.pop() if len(found) == 1 else None


def delay_line_start_values(mf: MFunction, where: Sequence[tuple[int, int]],
                            ranges: list[VarRange], gaps: list[WhyRange],
                            lines: LineStarts, machine: Machine
                            ) -> tuple[list[VarRange], list[WhyRange]]:
    """`ranges` and `gaps` with each value assigned ahead of its line's stop moved on
    past that stop (module doc), and each value whose records the scheduler placed
    above code that preceded them past that code's rows (records_ahead.py).
    `where[p]` is real instruction p's (block, index)."""
    sites = list(_sites(mf, where, lines))
    withheld = withheld_values(mf, lines.rows)
    if not sites and not withheld:
        return ranges, gaps
    t = _Timeline(mf, where, ranges, gaps, machine)
    for site in sites:
        for key, restated in site.keys:
            t.delay(site, key, restated, withheld.pop((key, site.p), None))
    noted = {id(mi) for note in mf.records_ahead for mi in note.records}
    for (key, p), w in withheld.items():
        known = _constant_before(mf, where, p, key, noted)
        t.delay(_Site(p, p, (), w.entry, () if known is None else ((key, known),)), key, (), w)
    return [r for r in t.out if r is not None], [g for g in t.gaps if g.start < g.end]


def _constant_before(mf: MFunction, where: Sequence[tuple[int, int]], p: int, key: Key,
                     noted: set[int]) -> int | None:
    """The constant that records in front of real instruction p + 1 which no code
    passed (not `noted`: they kept their place) last assign `key`, ahead of those
    that code passed: the value before the withheld one, which -O0 shows until that
    code's rows (`s = 0; k = 0` above a loop unrolled completely, whose first trip's
    `k++` the scheduler put in front of the trip's code). None if another record
    assigns it there."""
    if p + 1 >= len(where):
        return None
    bi, ii = where[p + 1]
    insts = mf.blocks[bi].insts
    lo = ii
    while lo > 0 and insts[lo - 1].is_meta:
        lo -= 1
    value: int | None = None
    for mi in insts[lo:ii]:
        m = mi.meta
        if not isinstance(m, DbgMeta) or key_of_meta(m) != key or id(mi) in noted:
            continue
        value = _assigned_constant(mi, m)
    return value


def is_not_yet(reason: NoLoc) -> bool:
    return isinstance(reason.why, Why) and reason.why.kind is WhyKind.NOT_YET


def _sites(mf: MFunction, where: Sequence[tuple[int, int]], lines: LineStarts
           ) -> Iterable[_Site]:
    """Every run of records in front of a real instruction with the stop of a line
    that one of them assigns ahead of, in its block: the variables one of whose
    records in the run is, with the constants restated before it (only those: an
    earlier record of another statement, such as the increment of the loop before,
    would make the value before the run the wrong one to keep). That may be a stop
    in the middle of the line, where an inlined call it makes returns: at -O0 the
    debuggers stop there too (lldb does), before the line stores the result."""
    line = _lines_in_effect(lines.rows)
    for k in range(1, len(where)):
        (bi, ii), (bj, ij) = where[k - 1], where[k]
        start = bi != bj
        insts = mf.blocks[bj].insts
        records = [mi for mi in insts[0 if start else ii + 1:ij] if isinstance(mi.meta, DbgMeta)]
        if not any(isinstance(m := mi.meta, DbgMeta) and m.stmt is not None for mi in records):
            continue
        stops = _stops(where, lines.rows, k, None if start else line[k - 1])
        if stops is None:
            continue
        first = mf.blocks[where[stops[0]][0]].insts[where[stops[0]][1]].loc
        for inlined_at in dict.fromkeys(_instance(mi) for mi in records):
            at = stops if inside_instance(first, inlined_at) else \
                _stops_inside(mf, where, lines.rows, stops[0], inlined_at)
            if at is not None:
                site = _site(mf, where, lines, records, inlined_at, k, at, start)
                if site is not None:
                    yield site


def _site(mf: MFunction, where: Sequence[tuple[int, int]], lines: LineStarts,
          records: Sequence[MInst], inlined_at: DILocation | None, k: int,
          stops: tuple[int, int], start: bool) -> _Site | None:
    """The site of the records of one inlined instance (`inlined_at`) among
    `records`, in front of real instruction k, whose stops are `stops`."""
    q, s = stops
    row, loc = lines.rows[q], mf.blocks[where[q][0]].insts[where[q][1]].loc
    assert row is not None
    trip = lines.trips.get(q)
    before: dict[Key, tuple[int, ...] | None] = {}  # restated constants before it
    known: dict[Key, int] = {}  # constants assigned before the stop, in source order
    due: dict[Key, int] = {}
    keys: dict[Key, tuple[int, ...]] = {}
    for mi in records:
        m = mi.meta
        assert isinstance(m, DbgMeta)
        key = key_of_meta(m)
        if key in keys or m.inlined_at != inlined_at or (pre := before.get(key, ())) is None:
            continue
        const = _assigned_constant(mi, m)
        if m.stmt is not None and _ahead(m.stmt, row, loc, trip, lines.iterations):
            keys[key] = pre
            due[key] = m.stmt.line
        elif m.stmt is None and const is not None:
            before[key] = (*pre, const)
        elif const is not None and m.stmt is not None and _earlier(m.stmt, row, trip) \
                and not lines.iterations.get(atom_key(m.stmt)):
            before[key] = ()
            known[key] = const  # (a later one replaces it)
        else:
            before[key] = None  # another value assigned in front of the stop
            known.pop(key, None)
    if not keys:
        return None
    return _Site(k - 1, s, tuple(keys.items()), where[k][0] if start else None,
                 tuple((key, known[key]) for key in keys if key in known), tuple(due.items()))


def _assigned_constant(mi: MInst, m: DbgMeta) -> int | None:
    """The constant the record `mi` (metadata `m`) assigns as it is, if it assigns
    one: no expression computes from it (a fragment aside)."""
    op = mi.operands[0] if mi.opcode == "DBG_VALUE" and len(mi.operands) == 1 else None
    return op.value if isinstance(op, Imm) and not m.expr.body else None


def _earlier(stmt: DILocation, row: Row, trip: tuple[int, int] | None) -> bool:
    """Does the assignment `stmt` come before the stop at `row` in the source, so
    that -O0 has run it there? Only on an earlier line of the same file, and not at
    an unrolled trip's header row (where the line order says nothing of the trip
    a statement belongs to); the caller also leaves out statements of an unrolled
    loop (a `for` line's increment runs after the body below it)."""
    return trip is None and stmt.scope.file == row.file and stmt.line < row.line


def _instance(mi: MInst) -> DILocation | None:
    assert isinstance(mi.meta, DbgMeta)
    return mi.meta.inlined_at


def _stops_inside(mf: MFunction, where: Sequence[tuple[int, int]], rows: Sequence[Row | None],
                  q: int, inlined_at: DILocation | None) -> tuple[int, int] | None:
    """`_stops` for the variables of an inlined instance whose code starts after the
    row at q, in its block: rows of the code around it before that (the caller's
    line holding the call) show none of its variables, so its first stops are
    the first row inside it."""
    block = where[q][0]
    for n in range(q + 1, len(where)):
        if where[n][0] != block:
            return None
        r = rows[n]
        if r is not None and r.line != 0:
            if not inside_instance(mf.blocks[block].insts[where[n][1]].loc, inlined_at):
                continue
            stops = _stops(where, rows, n, None)
            return stops if stops is not None and stops[0] == n else None
    return None


def _lines_in_effect(rows: Sequence[Row | None]) -> list[tuple[object, int]]:
    """(file, line) of the row each real instruction is in."""
    out: list[tuple[object, int]] = []
    cur: tuple[object, int] = (None, 0)
    for r in rows:
        if r is not None:
            cur = (r.file, r.line)
        out.append(cur)
    return out


def _stops(where: Sequence[tuple[int, int]], rows: Sequence[Row | None], k: int,
           before: tuple[object, int] | None) -> tuple[int, int] | None:
    """(q, s) from real instruction k on, in its block: q starts the first row of a
    line other than `before` (None: any line), where lldb stops; s starts the first
    is_stmt row of that line's run, where gdb stops (q if the run has none)."""
    block = where[k][0]
    q = next((n for n in range(k, len(where)) if where[n][0] != block or (
        (r := rows[n]) is not None and r.line != 0 and (r.file, r.line) != before)), None)
    if q is None or where[q][0] != block:
        return None
    first = rows[q]
    assert first is not None
    for n in range(q, len(where)):
        r = rows[n]
        if where[n][0] != block or r is not None and (r.file, r.line) != (first.file, first.line):
            break
        if r is not None and r.is_stmt:
            return q, n
    return q, q


def _ahead(stmt: DILocation, row: Row, loc: DILocation | None, trip: tuple[int, int] | None,
           iterations: Mapping[AtomKey, tuple[Iteration, ...]]) -> bool:
    """Does -O0 run the assignment `stmt` after the stop at `row` (an instruction at
    `loc`)? When it is on the row's line; and at a trip's header row, when it is of
    that loop (its atom is tagged with it) and of this trip: any at trip 0, else one
    before the instruction's own line in the body (the ones after it, on the
    previous trip's path, ran before the header)."""
    inlined_at = loc.inlined_at if loc is not None else None
    if stmt.inlined_at != inlined_at:
        return False
    if stmt.line == row.line and stmt.scope.file == row.file:
        return True
    if trip is None or not stmt.atom_group:
        return False
    loop, index = trip
    if not any(t.loop == loop for t in iterations.get(atom_key(stmt), ())):
        return False
    return index == 0 or (loc is not None and stmt.scope.file == loc.scope.file
                          and stmt.line < loc.line)
