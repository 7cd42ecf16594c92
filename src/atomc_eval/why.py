"""Why each optimized-out variable of a trace had no value (issue 15 §5).

After a trace is recorded, every variable a stop showed without a value is
looked up in the binary's "why is it optimized out?" records with the reader
the gdb and lldb extensions use (`atomc_why_reader`, docs/why-optimized-out.md),
at the stop's file address, by name and declaration line. The report then gives,
per configuration, the share of optimized-out observations per reason; gcc's
and clang's builds have no records, so all of theirs are "none" (no reason
recorded).

A variable shown with a value gets the binary's currency record at that
address, if any (`assigned_early`: a later line's store into its memory
already ran; `assigned_late`: an earlier line's has not run yet): the report
counts these "not current" observations and how many of them are WRONG
values (shown by the build, never by the reference there), which they explain.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable

from atomc.data.atomc_why_reader import ELF_READ_ERRORS, WhyIndex
from atomc_eval.drivers.base import Stop, Trace

NO_REASON = "none"
# the order reports list them in
KINDS = ("dead", "not_yet", "removed", "folded", "piece", "join", "address", "prologue",
         NO_REASON)
# a value shown whose location holds a value of another point of the source
CURRENCY_KINDS = ("assigned_early", "assigned_late")


def annotate_reasons(trace: Trace, binary: str) -> Trace:
    """`trace` with `why` set on every variable shown without a value, and on every
    value the binary records as not current there."""
    try:
        index = WhyIndex(binary)
    except ELF_READ_ERRORS:
        return trace
    try:
        stops = tuple(_annotate(stop, index) for stop in trace.stops)
    finally:
        index.close()
    return dataclasses.replace(trace, stops=stops)


def _annotate(stop: Stop, index: WhyIndex) -> Stop:
    if all(v.value is not None for v in stop.variables) and not index.has_records:
        return stop
    scope = index.variables_at(stop.addr, 0, stop.function) if index.has_records else []
    out = []
    for v in stop.variables:
        if v.scope == "global":
            out.append(v)
            continue
        found = next((s for s in scope if s.name == v.name
                      and (not v.decl_line or not s.decl_line or s.decl_line == v.decl_line)),
                     None)
        if v.value is not None:
            stale = found.currency_at(stop.addr) if found is not None else None
            out.append(dataclasses.replace(v, why=stale.kind) if stale is not None else v)
            continue
        entry = found.reason_at(stop.addr) if found is not None else None
        out.append(dataclasses.replace(v, why=entry.kind if entry is not None else NO_REASON))
    return dataclasses.replace(stop, variables=tuple(out))


def reason_counts(stops: Iterable[Stop]) -> Counter[str]:
    """Optimized-out observations (a variable without value at a stop) per reason;
    a variable never annotated counts as "none"."""
    return Counter(v.why or NO_REASON for s in stops for v in s.variables
                   if v.value is None and v.scope != "global")


def not_current(stops: Iterable[Stop]) -> Counter[tuple[str, int, str, str]]:
    """Values shown that the binary records as not current, by (function, line,
    variable, value), the key of a WRONG value."""
    return Counter((s.function, s.line, v.name, v.value) for s in stops for v in s.variables
                   if v.value is not None and v.why in CURRENCY_KINDS)


def reason_shares(counts: Counter[str]) -> dict[str, float]:
    total = sum(counts.values())
    return {k: counts[k] / total for k in KINDS if counts[k]} if total else {}
