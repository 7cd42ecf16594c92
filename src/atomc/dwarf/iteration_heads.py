"""Stops on a fully unrolled loop's header line, one per trip.

At -O0 `step` stops on a `for` line before every trip of its loop (the
increment and the test). Full unrolling folds the test away in every copy, so
the line has no code left and the debugger went from one copy of the body to
the next without it (`8 8 8` reads as one stop on line 8, where -O0 shows
`7 8 7 8 7 8`). gcc keeps such rows only as zero-length views that gdb
ignores; clang drops them.

Each copy's atoms carry their trip (ir/function.py, `Iteration`). The trip
`j` gets a statement row of the header's line at the first instruction that
runs after the previous trip's last effect (its last rank-1 atom member, a
store or an assignment's value) and no later than trip `j`'s first stop: a
debugger stopped there sees the state -O0 shows on the header line, the
previous trip done and this one not begun (not after a stop on an inlined
call's line after its body, one -O0 does not make, see
`_after_call_line_stop`). The instruction is of the loop's
own instance (gdb shows the frame of an instruction's range: an instruction of
an inlined callee would show the header line in the callee) and is no stop of
its own, unless it is trip `j`'s first stop floated up from a later key
instruction of the same line: that stop then moves to the next instruction.
Trip 0 takes an instruction of the loop's own copies, after the stop before
it, or its first stop itself (an instruction with no atom of its own, such as
part of the body's first expression, that the stop floated up to from trip 0's
member: the stop moves on as above). A trip whose previous trip ended on its
`break` path (an exit this trip never reaches) takes an instruction from its
block's start. Where no instruction fits (a copy that is a single store) the
trip has no header stop, as before: the code is the same with or without rows.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..ir import work
from ..ir.debuginfo import DILocation
from ..ir.function import atom_key
from ..ir.locations import call_chain

if TYPE_CHECKING:
    from ..ir.function import AtomKey, Iteration
    from .line_rows import LineBlock, LineInst

Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Head:
    """A header row at an instruction; `moves_stop`: the instruction was its
    trip's first stop, which goes to the next instruction; `trip`: (loop, index)
    of the trip it heads (`Iteration.loop`, `Iteration.index`)."""

    header: DILocation
    moves_stop: bool
    trip: tuple[int, int] = (0, 0)


def compute_iteration_heads(blocks: Sequence[LineBlock], key: set[Pos],
                            iterations: Mapping[AtomKey, tuple[Iteration, ...]]
                            ) -> dict[Pos, Head]:
    """The header row of each trip that has room for one, by instruction."""
    if not iterations:
        return {}
    flat = [(b, i, x) for b, blk in enumerate(blocks) for i, x in enumerate(blk.insts)
            if not x.is_meta]
    order = {(b, i): n for n, (b, i, _) in enumerate(flat)}
    starts = _block_starts(flat)
    stops_in_block: dict[int, list[int]] = {}  # block -> its stops' flat indices, ascending
    for p in sorted(order[p] for p in key if p in order):
        stops_in_block.setdefault(flat[p][0], []).append(p)
    stops: dict[tuple[int, int], int] = {}  # (loop, trip) -> its first stop (flat index)
    effects: dict[tuple[int, int], list[int]] = {}  # (loop, trip) -> its effects, in order
    headers: dict[int, DILocation] = {}
    for n, (b, i, x) in enumerate(flat):
        for t in _trips(x, iterations):
            headers[t.loop] = t.header
            if x.loc is not None and x.loc.atom_rank == 1:
                effects.setdefault((t.loop, t.index), []).append(n)
        if (b, i) in key:
            owner = _owner(flat, n)
            for t in _trips(flat[owner][2], iterations) if owner is not None else ():
                stops.setdefault((t.loop, t.index), n)
    heads: dict[Pos, Head] = {}
    for (loop, j), first in stops.items():
        header = headers[loop]
        low: int | None = None
        if j == 0:
            earlier = stops_in_block.get(flat[first][0], [])
            k = bisect_left(earlier, first)
            low = earlier[k - 1] if k else -1
        elif (loop, j - 1) in effects:
            low = _previous_trip_done(blocks, flat, starts, effects[(loop, j - 1)], first)
        if low is None:
            continue
        at = _place(flat, starts, key, low, first, header, loop if j == 0 else None,
                    iterations)
        if at is not None and not _after_call_line_stop(flat, key, at):
            b, i, _ = flat[at]
            heads[(b, i)] = Head(header, at == first, (loop, j))
    return heads


def _block_starts(flat: Sequence[tuple[int, int, LineInst]]) -> dict[int, int]:
    """Each block's first flat index: the scans below start there, not at 0,
    so that each trip costs its own block and not the function before it."""
    starts: dict[int, int] = {}
    for n, (b, _, _) in enumerate(flat):
        starts.setdefault(b, n)
    return starts


def _previous_trip_done(blocks: Sequence[LineBlock], flat: Sequence[tuple[int, int, LineInst]],
                        starts: Mapping[int, int], effects: Sequence[int],
                        first: int) -> int | None:
    """The flat index after which the previous trip's effects have all run, in
    the block of this trip's first stop `first`: its last effect in that block,
    or the instruction before the block when it holds none and none can run
    after the block is entered (an effect left on the previous trip's `break`
    path, which this trip never reaches, is done or never runs); None if no
    such point exists."""
    block = flat[first][0]
    here = [n for n in effects if flat[n][0] == block]
    if here:
        return max(here)
    ahead = _reachable(blocks, block)
    if any(flat[n][0] in ahead for n in effects):
        return None
    return starts[block] - 1


def _reachable(blocks: Sequence[LineBlock], start: int) -> set[int]:
    """Blocks reachable from `start` (itself included)."""
    seen = {start}
    work = [start]
    while work:
        for s in blocks[work.pop()].succs:
            if s not in seen:
                seen.add(s)
                work.append(s)
    return seen


def _after_call_line_stop(flat: Sequence[tuple[int, int, LineInst]], key: set[Pos],
                          at: int) -> bool:
    """Is the last stop before `at` one on an inlined call's line right after
    the callee's code (the store of its result, dwarf/line_rows.py
    _inlined_returns)? -O0 makes no such stop: it shows the call line before
    the body only. The header row after it would read `16 [body] 16 15`, an
    order -O0 never shows (`15 16 [body] 15`); without it the extra stop reads
    as the next trip's call line."""
    block = flat[at][0]
    for n in range(at - 1, 0, -1):
        b, i, x = flat[n]
        if b != block:
            return False
        if (b, i) in key:
            q = flat[n - 1][2].loc
            return x.loc is not None and q is not None and flat[n - 1][0] == b and \
                any(site.same_line(x.loc) for site in call_chain(q))
    return False


def _trips(x: LineInst, iterations: Mapping[AtomKey, tuple[Iteration, ...]]
           ) -> tuple[Iteration, ...]:
    if x.loc is None or not x.loc.atom_group:
        return ()
    return iterations.get(atom_key(x.loc), ())


def _owner(flat: Sequence[tuple[int, int, LineInst]], n: int) -> int | None:
    """The instruction whose atom a stop at `n` is for: the first one with an
    atom from `n` on, in its block and on its line (a stop floats up to the
    start of its line's run)."""
    b, _, x = flat[n]
    line = x.loc.line if x.loc is not None else 0
    for m in range(n, len(flat)):
        mb, _, y = flat[m]
        if mb != b or y.loc is None or y.loc.line != line:
            return None
        if y.loc.atom_group:
            return m
    return None


def _place(flat: Sequence[tuple[int, int, LineInst]], starts: Mapping[int, int],
           key: set[Pos], low: int, first: int, header: DILocation, own_loop: int | None,
           iterations: Mapping[AtomKey, tuple[Iteration, ...]]) -> int | None:
    """The first instruction after `low` and up to the stop `first`, in one
    block, that can carry the header row; None if none can."""
    block = flat[first][0]
    if low >= 0 and flat[low][0] != block and flat[low + 1][0] != block:
        return None
    chain = call_chain(header)
    begin = max(low + 1, starts[block])
    work.add("iteration_heads.scanned", first + 1 - begin)
    for n in range(begin, first + 1):
        b, i, x = flat[n]
        if b != block:
            continue
        if n != first and (b, i) in key:
            return None  # another stop in between: the order would change
        if x.loc is None or x.loc.line == 0 or x.is_call or x.is_empty or x.frame_setup \
                or x.frame_destroy or x.is_return or call_chain(x.loc) != chain:
            continue
        if own_loop is not None and n != first and \
                not any(t.loop == own_loop for t in _trips(x, iterations)):
            continue  # (the stop `first` is trip 0's own: its owner is of the loop)
        if n == first and not _movable(flat, n):
            return None  # the stop is this instruction's own
        return n
    return None


def _movable(flat: Sequence[tuple[int, int, LineInst]], n: int) -> bool:
    """Can the stop at `n` move to the next instruction: is that one on the
    same line, in the same block, and no later than another member of the
    stop's atom (the stop stays before the atom's key instruction)?"""
    owner = _owner(flat, n)
    if owner is None or n + 1 >= len(flat):
        return False
    b, _, x = flat[n]
    nb, _, nxt = flat[n + 1]
    own = flat[owner][2].loc
    if nb != b or nxt.loc is None or x.loc is None or nxt.loc.line != x.loc.line:
        return False
    if owner > n:
        return True  # the stop floated up from the owner
    assert own is not None
    for m in range(n + 1, len(flat)):
        mb, _, y = flat[m]
        if mb != b or y.loc is None or y.loc.line != x.loc.line:
            return False
        if y.loc.atom_group == own.atom_group and y.loc.inlined_at == own.inlined_at:
            return True
    return False
