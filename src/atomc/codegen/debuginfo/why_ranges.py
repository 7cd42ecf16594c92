"""From LiveDebugValues' reasons (ldv/reasons.py) to the DWARF writer's
`WhyEntry` records: labels for the ranges, source lines for the reasons whose
line is an instruction's ("dead after line N", "line N assigns it")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ...dwarf.model import VarLocation, WhyEntry
from ...ir.why import Why
from .ldv.model import WhyRange


def attach_reasons(variables: Sequence[VarLocation], gaps: Sequence[WhyRange],
                   label_after: Callable[[int], str],
                   line_of: Callable[[int], int]) -> tuple[VarLocation, ...]:
    """`variables` with their reasons; a variable with fragments gets none (its
    pieces' reasons are not combined yet)."""
    by_var: dict[tuple[int, object], list[WhyEntry]] = {}
    for g in gaps:
        why = g.reason.why
        if g.var.fragment is not None or not isinstance(why, Why) or g.end <= g.start:
            continue
        line = why.line or (line_of(g.reason.at) if g.reason.at is not None else 0)
        entry = WhyEntry(label_after(g.start), label_after(g.end), why.kind.code, line,
                         why.name)
        by_var.setdefault((id(g.var.var), g.var.inlined_at), []).append(entry)
    out: list[VarLocation] = []
    for v in variables:
        entries = by_var.get((id(v.var), v.inlined_at))
        out.append(replace(v, why=tuple(entries)) if entries and v.single is None
                   and v.const_value is None else v)
    return tuple(out)
