"""From LiveDebugValues' reasons (ldv/reasons.py) to the DWARF writer's
`WhyEntry` records: labels for the ranges, source lines for the reasons whose
line is an instruction's ("dead after line N", "line N assigns it").

A variable described in pieces (fragments) has no location where none of its
pieces has one (the first piece's reason), and is shown with a piece missing
where some pieces have locations and others not ("piece missing", naming the
bits).

Where a location exists but holds a value that is not current in source order
(a store into its frame object moved by the scheduler, currency.py), the
currency ranges join the same record."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from ...dwarf.model import VarLocation, WhyEntry
from ...ir.why import Why, WhyKind
from .currency import Window, clip
from .ldv.model import LocKind, MLoc, NoLoc, VarRange, WhyRange

_Whole = tuple[int, object]


def attach_reasons(variables: Sequence[VarLocation], gaps: Sequence[WhyRange],
                   ranges: Sequence[VarRange], label_after: Callable[[int], str],
                   line_of: Callable[[int], int],
                   current: Mapping[int, Sequence[Window]] | None = None,
                   holes: Mapping[_Whole, Mapping[int, NoLoc | None]] | None = None
                   ) -> tuple[VarLocation, ...]:
    """`variables` with the reasons for their ranges without location, and the
    currency ranges (`current`: per frame object's CFA offset, currency.py's
    windows) where their location is that object. `holes`: per variable, the
    calls p where it has no location from inside the call (its return address
    minus one, where an outer frame looks: outer_frames.py), and why: the range
    without location from p begins there, or the hole gets its own entry."""
    whole: dict[_Whole, list[tuple[int, int, NoLoc]]] = {}
    pieces: dict[_Whole, list[WhyRange]] = {}
    for g in gaps:
        key = (id(g.var.var), g.var.inlined_at)
        if g.var.fragment is None:
            whole.setdefault(key, []).append((g.start, g.end, g.reason))
        else:
            pieces.setdefault(key, []).append(g)
    for key, gs in pieces.items():
        located = [r for r in ranges if (id(r.var.var), r.var.inlined_at) == key and r.primary]
        whole[key] = _combine_pieces(gs, located)
    stale = _currency(ranges, current or {})
    out: list[VarLocation] = []
    for v in variables:
        key = (id(v.var), v.inlined_at)
        found = [(s, e, r) for s, e, r in whole.get(key, ())]
        if v.single is not None or v.const_value is not None:
            found = []  # located everywhere: no range without location
        gap_at = {s: r for s, _, r in found}
        early: set[int] = set()  # gaps that begin inside the call before them
        spans = [(s, e, r, _GAP) for s, e, r in found]
        for p, r in (holes or {}).get(key, {}).items():
            if p in gap_at and (r is None or r == gap_at[p]):
                early.add(p)
            elif r is not None:
                spans.append((p, p, r, _HOLE))  # [R-1, R) alone
        spans += [(s, e, NoLoc(why), _STALE) for s, e, why in stale.get(key, ())]
        spans.sort(key=lambda x: (x[0], x[3]))
        entries = [_entry(label_after(s) + "-1" if kind == _HOLE or kind == _GAP and s in early
                          else label_after(s), s, e, r, label_after, line_of)
                   for s, e, r, kind in spans if e > s or kind == _HOLE]
        kept = tuple(x for x in entries if x is not None)
        out.append(replace(v, why=kept) if kept else v)
    return tuple(out)


def _currency(ranges: Sequence[VarRange], current: Mapping[int, Sequence[Window]]
              ) -> dict[_Whole, list[Window]]:
    """Per variable, the windows of the frame objects its location names, kept to
    where it is there."""
    if not current:
        return {}
    located: dict[tuple[_Whole, int], list[tuple[int, int]]] = {}
    for r in ranges:
        if r.primary and isinstance(r.loc, MLoc) and r.loc.kind is LocKind.SLOT \
                and r.loc.num in current:
            located.setdefault(((id(r.var.var), r.var.inlined_at), r.loc.num),
                               []).append((r.start, r.end))
    out: dict[_Whole, list[Window]] = {}
    for (key, off), spans in located.items():
        out.setdefault(key, []).extend(clip(current[off], spans))
    return {k: clip(ws, [(min(w[0] for w in ws), max(w[1] for w in ws))])
            for k, ws in out.items() if ws}


_HOLE, _GAP, _STALE = 0, 1, 2  # (in this order where they start at one position)


def _entry(first: str, start: int, end: int, reason: NoLoc, label_after: Callable[[int], str],
           line_of: Callable[[int], int]) -> WhyEntry | None:
    """The entry from label `first` (`start`'s, or the byte before it) to `end`'s."""
    why = reason.why
    if not isinstance(why, Why):
        return None
    line = why.line or (line_of(reason.at) if reason.at is not None else 0)
    return WhyEntry(first, label_after(end), why.kind.code, line, why.name)


def _combine_pieces(gaps: list[WhyRange], located: list[VarRange]
                    ) -> list[tuple[int, int, NoLoc]]:
    frags = sorted({g.var.fragment for g in gaps} | {r.var.fragment for r in located},
                   key=lambda f: f or (0, 0))
    spans: list[WhyRange | VarRange] = [*gaps, *located]
    cuts = sorted({p for x in spans for p in (x.start, x.end)})
    out: list[tuple[int, int, NoLoc]] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        missing: list[tuple[tuple[int, int] | None, NoLoc]] = []
        have = 0
        for f in frags:
            # a gap where the piece is located is its entry value's fallback reason
            # (reasons.py): the piece is missing whenever the debugger cannot
            # resolve that entry value, so the reason is the one to give
            g = next((g for g in gaps if g.var.fragment == f and g.start <= a and b <= g.end),
                     None)
            if g is not None:
                missing.append((f, g.reason))
            elif any(r.var.fragment == f and r.start <= a and b <= r.end for r in located):
                have += 1
        if not missing:
            continue
        if have:
            f = missing[0][0] or (0, 0)
            reason = NoLoc(Why(WhyKind.PIECE, name=f"bits {f[0]}-{f[0] + f[1] - 1}"))
        else:
            reason = missing[0][1]
        if out and out[-1][1] == a and out[-1][2] == reason:
            out[-1] = (out[-1][0], b, reason)
        else:
            out.append((a, b, reason))
    return out



