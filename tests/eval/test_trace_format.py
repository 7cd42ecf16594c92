"""Traces survive a write/read round trip, and broken files are rejected clearly."""

from __future__ import annotations

from pathlib import Path

import pytest
from dbgeval_helpers import stop, trace_of, var

from atomc_eval.drivers.base import Watch
from atomc_eval.elfinfo import LineRow, LineTable
from atomc_eval.trace import TraceFormatError, dumps, loads, read_trace, write_trace


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    original = trace_of(
        [
            stop(0, 3, "main", variables=(var("a", "1"), var("p", None, "ptr", 2, "param"))),
            stop(1, 4, "sq", cfa=0x900, inlined_in="main"),
        ],
        reason="timeout",
    )
    first = original.stops[0]
    original = original.__class__(
        original.header,
        (
            first.__class__(**{**_fields(first), "watches": (Watch("a+1", "2", "int"),)}),
            original.stops[1],
        ),
        original.end,
    )
    path = tmp_path / "t.jsonl"
    write_trace(original, path)
    assert read_trace(path) == original
    assert len(path.read_text().splitlines()) == 4  # header, 2 stops, end


def _fields(obj: object) -> dict[str, object]:
    return {name: getattr(obj, name) for name in obj.__slots__}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"type": "end", "reason": "exited", "steps": 0}\n', "no header"),
        ('{"type": "header", "program": "p", "debugger": "gdb"}\n', "no end record"),
        ("not json\n", "not a trace record"),
        ('{"type": "banana"}\n', "unknown record type"),
    ],
)
def test_broken_traces_are_rejected(text: str, message: str) -> None:
    with pytest.raises(TraceFormatError, match=message):
        loads(text, "x.jsonl")


def test_dumps_is_json_lines() -> None:
    lines = dumps(trace_of([stop(0, 1)])).splitlines()
    assert lines[0].startswith("{") and '"type": "header"' in lines[0]
    assert '"type": "end"' in lines[-1]


def test_line_table_lookup() -> None:
    rows = [
        LineRow(0x10, "a.c", 3, 1, True, False),
        LineRow(0x14, "a.c", 4, 5, False, False),
        LineRow(0x14, "a.c", 4, 7, True, False),
        LineRow(0x18, "a.c", 3, 2, False, False),
        LineRow(0x20, "a.c", 0, 0, False, True),
        LineRow(0x40, "a.c", 9, 1, True, False),
        LineRow(0x48, "a.c", 9, 1, False, True),
    ]
    table = LineTable(rows)
    assert table.is_stmt_at(0x14) is True  # one of the rows at 0x14 is a statement
    assert table.is_stmt_at(0x1A) is False  # inside the non-statement row at 0x18
    assert table.is_stmt_at(0x12) is True  # inside the row at 0x10
    assert table.covering(0x30) is None  # between sequences
    assert table.is_stmt_at(0x8) is None
    assert table.covering(0x44).line == 9  # type: ignore[union-attr]
