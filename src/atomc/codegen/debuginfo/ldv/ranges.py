"""Phase E's last step: the placements the walk recorded, as address ranges.

Pure functions over positions (instruction indexes), so the walk in emit.py only
records events; `multi` mode's secondary ranges are every other holder of the
value minus where it is already the primary location.
"""

from __future__ import annotations

from typing import TypeVar

from .model import ComputedLoc, MLoc, VarKey, VarLoc, VarRange

T = TypeVar("T")


def _last_per_position(events: list[tuple[int, T]]) -> list[tuple[int, T]]:
    """Events in position order where, at one position, only the last counts."""
    out: list[tuple[int, T]] = []
    for p, x in events:
        if out and out[-1][0] == p:
            out[-1] = (p, x)
        else:
            out.append((p, x))
    return out


def ranges_from_events(events: dict[VarKey, list[tuple[int, VarLoc | None]]],
                       end: int) -> list[VarRange]:
    """Each variable's placements (position, location or None), in order, as ranges
    that run to the next placement; touching ranges of one location merge."""
    out: list[VarRange] = []
    for var, evs in events.items():
        collapsed = _last_per_position(evs)
        for i, (p, loc) in enumerate(collapsed):
            stop = collapsed[i + 1][0] if i + 1 < len(collapsed) else end
            if loc is None or stop <= p:
                continue
            if out and out[-1].var == var and out[-1].loc == loc and out[-1].end == p:
                out[-1] = VarRange(var, out[-1].start, stop, loc)
            else:
                out.append(VarRange(var, p, stop, loc))
    return out


def secondary_ranges(holders: dict[VarKey, list[tuple[int, frozenset[MLoc | ComputedLoc]]]],
                     primary: list[VarRange], end: int) -> list[VarRange]:
    """Every location holding the value, minus where it already is the primary one."""
    out: list[VarRange] = []
    for var, timeline in holders.items():
        open_at: dict[MLoc | ComputedLoc, int] = {}
        intervals: list[tuple[MLoc | ComputedLoc, int, int]] = []
        for p, hs in _last_per_position(timeline):
            for loc in list(open_at):
                if loc not in hs:
                    intervals.append((loc, open_at.pop(loc), p))
            for loc in sorted(hs, key=str):  # a set: fixed order keeps the output reproducible
                open_at.setdefault(loc, p)
        for loc, start in open_at.items():
            intervals.append((loc, start, end))
        prim = [r for r in primary if r.var == var]
        for loc, s, e in intervals:
            for a, z in _subtract((s, e), [(r.start, r.end) for r in prim if r.loc == loc]):
                if z > a:
                    out.append(VarRange(var, a, z, loc, primary=False))
    return out


def _subtract(span: tuple[int, int], cuts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    pieces = [span]
    for cs, ce in cuts:
        nxt = []
        for a, z in pieces:
            if ce <= a or cs >= z:
                nxt.append((a, z))
                continue
            if a < cs:
                nxt.append((a, cs))
            if ce < z:
                nxt.append((ce, z))
        pieces = nxt
    return pieces
