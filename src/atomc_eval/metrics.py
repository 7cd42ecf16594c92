"""Dynamic metrics: score a trace against a reference trace of the same program.

The reference is normally the -O0 build; every metric is a share of what the
reference shows, so 1.0 means "as debuggable as the reference".  Traces are
split into function activations first, because line order only makes sense
within one call.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from itertools import pairwise

from atomc_eval.drivers.base import Stop, Trace, Variable
from atomc_eval.drivers.valuefmt import OPTIMIZED_OUT
from atomc_eval.elfinfo import ELF_ERRORS, LineTable
from atomc_eval.why import not_current, reason_counts, reason_shares


@dataclass(frozen=True, slots=True)
class Activation:
    """The stops of one call of one function (callee stops excluded)."""

    function: str
    stops: tuple[Stop, ...]

    @property
    def lines(self) -> tuple[int, ...]:
        return tuple(s.line for s in self.stops)


def _chain(stop: Stop) -> tuple[str, ...]:
    """Function names from the innermost (possibly inlined) frame outwards."""
    if stop.frames:
        return tuple(f.function for f in stop.frames)
    return (stop.function,)


def _is_ancestor_or_same(outer: tuple[str, ...], inner: tuple[str, ...]) -> bool:
    return len(outer) <= len(inner) and inner[len(inner) - len(outer) :] == outer


def _inlined(stop: Stop) -> bool:
    return bool(stop.frames) and stop.frames[0].inlined


def split_activations(stops: Sequence[Stop]) -> list[Activation]:
    """Group stops into activations, in order of each activation's first stop.

    An activation is identified by its frame's CFA and its inline chain.  It
    ends when a stop appears in a caller (higher CFA, or an outer part of the
    same inline chain).  A call repeated without any stop in the caller in
    between is detected when a stop lands again on the function's entry
    address (where the first call of it was first stopped).  A loop whose
    head is that very address would be split too; at -O0 and in practice at
    -O2 the entry stop is past the prologue and no loop head.
    """
    groups: list[list[Stop]] = []
    names: list[str] = []
    open_: dict[tuple[int, tuple[str, ...]], int] = {}
    entry: dict[str, int] = {}
    prev: Stop | None = None
    for stop in stops:
        chain = _chain(stop)
        key = (stop.cfa, chain)
        for other in list(open_):
            cfa, other_chain = other
            if cfa < stop.cfa or (cfa == stop.cfa and not _is_ancestor_or_same(other_chain, chain)):
                del open_[other]
        idx = open_.get(key)
        if idx is not None and not _inlined(stop):
            last = groups[idx][-1]
            if stop.addr == entry.get(chain[0]) and last.addr != stop.addr:
                idx = None  # re-entered: the call was repeated
        if idx is None:
            idx = len(groups)
            groups.append([])
            names.append(chain[0])
            open_[key] = idx
            entered = prev is None or stop.cfa < prev.cfa  # a call, not a return
            if entered and not _inlined(stop):
                entry.setdefault(chain[0], stop.addr)
        groups[idx].append(stop)
        prev = stop
    return [Activation(n, tuple(g)) for n, g in zip(names, groups, strict=True)]


def lcs_length(a: Sequence[object], b: Sequence[object]) -> int:
    """Length of the longest common subsequence, bit-parallel (Allison-Dix).

    One big-integer row per element of ``b``: fast enough for traces of
    thousands of stops, where the plain quadratic table would not be.
    """
    if not a or not b:
        return 0
    masks: dict[object, int] = defaultdict(int)
    for i, item in enumerate(a):
        masks[item] |= 1 << i
    full = (1 << len(a)) - 1
    row = full
    for item in b:
        match = row & masks.get(item, 0)
        row = ((row + match) | (row - match)) & full
    return len(a) - row.bit_count()


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


def _by_function(acts: Iterable[Activation]) -> dict[str, list[Activation]]:
    grouped: dict[str, list[Activation]] = defaultdict(list)
    for act in acts:
        grouped[act.function].append(act)
    return grouped


@dataclass(frozen=True, slots=True)
class OrderScore:
    """Line-order agreement summed over matched activations."""

    lcs: int
    build_len: int
    ref_len: int

    @property
    def precision(self) -> float | None:
        return _ratio(self.lcs, self.build_len)

    @property
    def recall(self) -> float | None:
        return _ratio(self.lcs, self.ref_len)


def order_score(build: Sequence[Activation], ref: Sequence[Activation]) -> OrderScore:
    """LCS of line sequences, k-th activation of f against the reference's k-th.

    Unmatched activations count fully in their side's denominator.
    """
    ours, theirs = _by_function(build), _by_function(ref)
    lcs = sum(
        lcs_length(a.lines, r.lines)
        for fn, acts in ours.items()
        for a, r in zip(acts, theirs.get(fn, []), strict=False)  # unmatched ones count in full
    )
    return OrderScore(lcs, sum(len(a.lines) for a in build), sum(len(r.lines) for r in ref))


def backward_pairs(acts: Iterable[Activation]) -> list[tuple[str, int, int]]:
    """Every step to a smaller line within one activation, as (function, from, to)."""
    found: list[tuple[str, int, int]] = []
    for act in acts:
        lines = act.lines
        found.extend((act.function, x, y) for x, y in pairwise(lines) if y < x)
    return found


def new_backward_jumps(build: Sequence[Activation], ref: Sequence[Activation]) -> int:
    """Backward steps of the build that the reference never makes in that function."""
    known = set(backward_pairs(ref))
    return sum(1 for pair in backward_pairs(build) if pair not in known)


def line_coverage(build: Sequence[Stop], ref: Sequence[Stop]) -> float | None:
    """Share of the reference's stopped (file, line)s the build stops on at least once."""
    want = {(s.file, s.line) for s in ref}
    have = {(s.file, s.line) for s in build}
    return _ratio(len(want & have), len(want))


def _judged(stop: Stop) -> Iterator[Variable]:
    """Variables worth judging at a stop: those past their declaration line.

    A stop sits before its line runs, so on (or before) the declaration line
    a local holds leftovers even at -O0, and no build can be right or wrong.
    """
    for var in stop.variables:
        if var.scope == "local" and var.decl_line and stop.line <= var.decl_line:
            continue
        yield var


def _shown(stops: Iterable[Stop]) -> dict[tuple[str, int, str], set[str]]:
    """(function, line, variable) -> values shown there (optimized-out excluded)."""
    shown: dict[tuple[str, int, str], set[str]] = defaultdict(set)
    for stop in stops:
        for var in _judged(stop):
            if var.value is not None:
                shown[(stop.function, stop.line, var.name)].add(_comparable(var.value, var.kind))
    return shown


_HEX = re.compile(r"\b0x[0-9a-fA-F]+\b")


def _comparable(value: str, kind: str) -> str:
    """Pointers differ between builds (stack layout), so only null-ness compares,
    also for pointer members of an aggregate (drivers print integers in decimal,
    so a hex number inside braces is always a pointer)."""
    if kind == "ptr":
        return "null" if value in ("0x0", "0") else "non-null"
    if kind == "aggregate":
        return _HEX.sub(lambda m: "null" if int(m.group(0), 16) == 0 else "non-null", value)
    return value


def _expected(ref: Sequence[Stop]) -> dict[tuple[str, int, str], set[str]]:
    """What a build may show for (function, line, variable): what the reference
    shows there, and what it shows at the stops right before and right after
    such a stop in the same activation.

    A stop is a point in a line, and optimised code moves that point: with
    Key Instructions a line has one stop per atom, so a build may stop in the
    middle of a line after some of its assignments ran (the reference's next
    stop shows those); and scheduling may put a stop on a line before the
    previous statement's last instructions ran (the reference's previous stop
    shows the values then).  One statement of slack either way; a value the
    variable never has within it is still WRONG.
    """
    expected = _shown(ref)
    for act in split_activations(ref):
        stops = act.stops
        for i, s in enumerate(stops):
            for nb in stops[max(0, i - 1) : i + 2]:
                for var in _judged(nb):
                    key = (s.function, s.line, var.name)
                    if var.value is not None and key in expected:
                        expected[key].add(_comparable(var.value, var.kind))
    return expected


def multi_atom_lines(build: Sequence[Stop]) -> set[tuple[str, int]]:
    """(function, line)s that have more than one atom in the build, as far as the
    trace shows: the build stops on the line at more than one address (each
    stop of a Key Instructions line is some atom's key instruction; one copy of
    an unrolled line counts too, a loss of strictness only there)."""
    addrs: dict[tuple[str, int], set[int]] = defaultdict(set)
    for stop in build:
        addrs[(stop.function, stop.line)].add(stop.addr)
    return {key for key, seen in addrs.items() if len(seen) > 1}


def stmt_lines(build: Trace) -> set[tuple[str, int]]:
    """(function, line)s of the build's stops whose line has more than one
    ``is_stmt`` row in the binary's line table (with Key Instructions, one per
    atom or copy of one); empty when the binary cannot be read."""
    try:
        table = LineTable.from_elf(build.header.program)
    except ELF_ERRORS:
        return set()
    addrs: dict[tuple[str, int], set[int]] = defaultdict(set)
    for row in table.rows:
        if row.is_stmt and not row.end_sequence:
            addrs[(os.path.realpath(row.file), row.line)].add(row.address)
    return {(s.function, s.line) for s in build.stops
            if len(addrs.get((os.path.realpath(s.file), s.line), ())) > 1}


def _expected_strict(
    ref: Sequence[Stop], multi_atom: set[tuple[str, int]]
) -> dict[tuple[str, int, str], set[str]]:
    """What a build may show for (function, line, variable) as a user judges it:
    what the reference shows there, and on a line with several atoms also what
    it shows right after the line (a stop at a later atom's key instruction
    comes after the earlier atoms ran).  Never a value from before the line: it
    is stale."""
    expected = _shown(ref)
    for act in split_activations(ref):
        stops = act.stops
        for s, nxt in pairwise(stops):
            if (s.function, s.line) not in multi_atom:
                continue
            for var in _judged(nxt):
                key = (s.function, s.line, var.name)
                if var.value is not None and key in expected:
                    expected[key].add(_comparable(var.value, var.kind))
    return expected


def _mid_inlined_call(stops: Sequence[Stop]) -> set[int]:
    """Positions of stops gdb makes at an inlined call's call site from inside
    that call (a jump back into the callee's code lands on the start of one of
    its ranges, e.g. a loop head): the caller is then in the middle of the
    call, a point the reference never stops at, so its variables (an array the
    callee is filling, say) are not judged there."""
    out: set[int] = set()
    for i in range(1, len(stops) - 1):
        prev, cur, nxt = stops[i - 1], stops[i], stops[i + 1]
        chain = _chain(cur)
        inside = _chain(prev)
        if (prev.cfa == cur.cfa and len(inside) > len(chain)
                and _is_ancestor_or_same(chain, inside)
                and nxt.pc == cur.pc and _chain(nxt)[1:] == chain):
            out.add(i)
    return out


def _matches(value: str, expected: set[str]) -> bool:
    """Exact match, or for a partly optimized-out aggregate, match of the known parts."""
    if value in expected:
        return True
    if OPTIMIZED_OUT not in value:
        return False
    pattern = ".*?".join(re.escape(part) for part in value.split(OPTIMIZED_OUT))
    return any(re.fullmatch(pattern, candidate) for candidate in expected)


def variable_availability(build: Sequence[Stop], ref: Sequence[Stop],
                          whole: bool = False,
                          exclude: Set[tuple[str, int, str]] = frozenset()) -> float | None:
    """Share of the reference's shown (function, line, variable)s the build shows.

    Only lines where the build stops count: never stopping on a line is a
    line-coverage loss, not a variable-location one. An aggregate with some
    members `<optimized out>` counts as shown; with `whole`, only a value shown
    entirely does (the stricter variant, reported beside it). `exclude` leaves
    out (function, line, variable)s, e.g. the `build_dependent` ones, where the
    reference shows build-dependent garbage (a variable read before it is set).
    """
    stopped = {(s.function, s.line) for s in build}
    want = {k for k in _shown(ref) if (k[0], k[1]) in stopped and k not in exclude}
    have = {k for k, values in _shown(build).items()
            if not whole or any(OPTIMIZED_OUT not in v for v in values)}
    return _ratio(len(want & have), len(want))


@dataclass(frozen=True, slots=True)
class WrongValue:
    """A value the build shows that the reference never shows there."""

    function: str
    line: int
    variable: str
    value: str
    expected: tuple[str, ...]
    count: int


def variable_correctness(
    build: Sequence[Stop], ref: Sequence[Stop], strict: bool = False,
    multi_atom: set[tuple[str, int]] = frozenset(),  # type: ignore[assignment]
) -> tuple[float | None, tuple[WrongValue, ...]]:
    """Share of the build's shown values that the reference shows for that variable there.

    Counted per stop; values at (function, line, variable)s the reference
    never shows cannot be judged and are left out.  The rest are WRONG.  In a
    partly optimized-out aggregate only the known parts must match.
    ``strict`` judges as a user sees it (every stop, no stale values, see
    :func:`_expected_strict`); else the older, looser rules of :func:`_expected`
    and :func:`_mid_inlined_call`.
    """
    if strict:
        expected = _expected_strict(ref, multi_atom_lines(build) | multi_atom)
        skipped: set[int] = set()
    else:
        expected = _expected(ref)
        skipped = _mid_inlined_call(build)
    judged = 0
    correct = 0
    wrong: Counter[tuple[str, int, str, str]] = Counter()
    for i, stop in enumerate(build):
        if i in skipped:
            continue
        for var in _judged(stop):
            if var.value is None:
                continue
            key = (stop.function, stop.line, var.name)
            if key not in expected:
                continue
            judged += 1
            if _matches(_comparable(var.value, var.kind), expected[key]):
                correct += 1
            else:
                wrong[(stop.function, stop.line, var.name, var.value)] += 1
    listed = tuple(
        WrongValue(fn, line, name, value, tuple(sorted(expected[(fn, line, name)])), count)
        for (fn, line, name, value), count in sorted(wrong.items())
    )
    return _ratio(correct, judged), listed


def build_dependent(ref: Sequence[Stop], other: Sequence[Stop]) -> set[tuple[str, int, str]]:
    """(function, line, variable)s that two unoptimised builds of the program show
    with different values: there the value depends on the build (uninitialised
    memory, a stale slot, padding), not on the program, so neither build's value
    is the one a program-level comparison can hold the optimised build to."""
    mine, theirs = _shown(ref), _shown(other)
    return {key for key in mine.keys() & theirs.keys() if mine[key] != theirs[key]}


@dataclass(frozen=True, slots=True)
class ReferenceReads:
    """A reference's (function, line, variable)s whose reading under one debugger
    is not a value of the program, from two runs of the reference binary with
    different dead stack contents (drivers/scribble.py)."""

    # the two runs show different values there, under every debugger that shows
    # it: the program reads memory it never wrote (an uninitialised local, a VLA
    # not filled yet), so the value is the stack's, not the program's
    indeterminate: frozenset[tuple[str, int, str]]
    # the two runs differ under this debugger, while another debugger reads the
    # same variable on the same line of the same binary identically in its two
    # runs, and tells at least as many of its values apart there: this debugger
    # reads bytes the program never wrote (lldb-22 takes a `_Complex long
    # double`'s imaginary part from the real part's padding)
    unreadable: frozenset[tuple[str, int, str]]


Key = tuple[str, int, str]


def reference_reads(
    runs: Mapping[str, tuple[Sequence[Stop], Sequence[Stop]]],
) -> dict[str, ReferenceReads]:
    """Per debugger: its reference trace's indeterminate and unreadable reads,
    given each debugger's (first run, re-run) of the same reference binary.

    A debugger vouches for a read only where it shows at least as many distinct
    values as the one it vouches against: a debugger that shows less of the
    variable (lldb-22 prints a VLA as `{}`) is steady because it sees nothing."""
    varying = {dbg: build_dependent(first, rerun) for dbg, (first, rerun) in runs.items()}
    shown = {dbg: _shown(first) for dbg, (first, _) in runs.items()}
    out: dict[str, ReferenceReads] = {}
    for dbg in runs:
        unreadable: set[Key] = set()
        for key in varying[dbg]:
            mine = len(shown[dbg][key])
            if any(key in shown[other] and key not in varying[other]
                   and len(shown[other][key]) >= mine for other in runs if other != dbg):
                unreadable.add(key)
        out[dbg] = ReferenceReads(frozenset(varying[dbg] - unreadable), frozenset(unreadable))
    return out


def wrong_at(wrong: Iterable[WrongValue], keys: Set[tuple[str, int, str]]) -> int:
    """WRONG observations at these (function, line, variable)s."""
    return sum(w.count for w in wrong if (w.function, w.line, w.variable) in keys)


@dataclass(frozen=True, slots=True)
class Scores:
    """All dynamic metrics of one trace against one reference."""

    stops: int
    ref_stops: int
    order_precision: float | None
    order_recall: float | None
    backward_jumps: int
    backward_per_100: float | None
    line_coverage: float | None
    var_availability: float | None
    var_availability_whole: float | None  # partly shown aggregates count as not shown
    var_correctness: float | None  # strict: as a user judges each stop
    wrong: tuple[WrongValue, ...]  # by the strict rules
    end_reason: str
    var_correctness_loose: float | None = None  # the older rules, for comparison
    optimized_out: int = 0  # observations of a variable without value
    why_shares: dict[str, float] = dataclasses.field(default_factory=dict)  # per reason
    not_current: int = 0  # values shown that the binary records as not current there
    not_current_wrong: int = 0  # of those, WRONG values (strict rules)


def score(build: Trace, ref: Trace) -> Scores:
    """Score ``build`` against ``ref`` (any trace of the same program can serve)."""
    acts, ref_acts = split_activations(build.stops), split_activations(ref.stops)
    order = order_score(acts, ref_acts)
    backward = new_backward_jumps(acts, ref_acts)
    correctness, wrong = variable_correctness(build.stops, ref.stops, strict=True,
                                              multi_atom=stmt_lines(build))
    loose, _ = variable_correctness(build.stops, ref.stops)
    why = reason_counts(build.stops)
    stale = not_current(build.stops)
    wrong_keys = {(w.function, w.line, w.variable, w.value) for w in wrong}
    return Scores(
        stops=len(build.stops),
        ref_stops=len(ref.stops),
        order_precision=order.precision,
        order_recall=order.recall,
        backward_jumps=backward,
        backward_per_100=_ratio(100.0 * backward, len(build.stops)),
        line_coverage=line_coverage(build.stops, ref.stops),
        var_availability=variable_availability(build.stops, ref.stops),
        var_availability_whole=variable_availability(build.stops, ref.stops, whole=True),
        var_correctness=correctness,
        wrong=wrong,
        end_reason=build.end.reason,
        var_correctness_loose=loose,
        optimized_out=sum(why.values()),
        why_shares=reason_shares(why),
        not_current=sum(stale.values()),
        not_current_wrong=sum(n for k, n in stale.items() if k in wrong_keys),
    )
