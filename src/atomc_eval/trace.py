"""Traces as JSON Lines: a header, one record per stop, an end record.

A trace file is all the metrics, plots and expectation checks need, so any of
them can be replayed later without a debugger.
"""

from __future__ import annotations

import json
from pathlib import Path

from atomc_eval.drivers.base import Stop, Trace, TraceEnd, TraceHeader


class TraceFormatError(ValueError):
    """A file that is not a trace written by this tool."""


def dumps(trace: Trace) -> str:
    """The JSON Lines text of ``trace``."""
    lines = [json.dumps(trace.header.to_record(), sort_keys=True)]
    lines.extend(json.dumps(stop.to_record(), sort_keys=True) for stop in trace.stops)
    lines.append(json.dumps(trace.end.to_record(), sort_keys=True))
    return "\n".join(lines) + "\n"


def loads(text: str, origin: str = "<string>") -> Trace:
    """Parse JSON Lines text back into a Trace."""
    header: TraceHeader | None = None
    stops: list[Stop] = []
    end: TraceEnd | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            kind = record.get("type")
            if kind == "header":
                header = TraceHeader.from_record(record)
            elif kind == "stop":
                stops.append(Stop.from_record(record))
            elif kind == "end":
                end = TraceEnd.from_record(record)
            else:
                raise TraceFormatError(f"{origin}:{number}: unknown record type {kind!r}")
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError, ValueError) as exc:
            if isinstance(exc, TraceFormatError):
                raise
            raise TraceFormatError(f"{origin}:{number}: not a trace record ({exc})") from None
    if header is None:
        raise TraceFormatError(f"{origin}: no header record")
    if end is None:
        raise TraceFormatError(f"{origin}: no end record (truncated trace?)")
    return Trace(header, tuple(stops), end)


def write_trace(trace: Trace, path: str | Path) -> None:
    Path(path).write_text(dumps(trace), encoding="utf-8")


def read_trace(path: str | Path) -> Trace:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise TraceFormatError(f"{path}: cannot read ({exc.strerror})") from None
    return loads(text, str(path))
