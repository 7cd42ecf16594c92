"""dwarf/line_rows.py: in a function without a frame pointer the entry address
gets a row of the body's first line instead of the `{` row, so gdb's `step`
into the function (which stops at the entry: its prologue analysis finds no
%rbp frame) shows the body's line, not the `{` line. gcc writes both rows at
the entry; atomc writes one, because lldb 22 finds no prologue when two rows
share the entry address (tests/optdebug/test_entry_stop.py)."""

from __future__ import annotations

from atomc.dwarf.line_rows import LineBlock, LineInst, Row, compute_rows
from atomc.ir import DICompileUnit, DIFile, DILocation, DISubprogram, DISubroutineType

FILE = DIFile("t.c", "/tmp")
CU = DICompileUnit(FILE, "test", "C11", True)
F = DISubprogram("f", "f", FILE, 5, DISubroutineType(None, ()), 6, CU, key_instructions=True)
G = DISubprogram("g", "g", FILE, 1, DISubroutineType(None, ()), 2, CU, key_instructions=True)


def _function(first: DILocation) -> list[LineBlock]:
    push = LineInst(None, frame_setup=True)
    return [LineBlock([push, push, LineInst(first, is_copy=True),
                       LineInst(DILocation(8, 3, F, atom_group=1, atom_rank=1))], [])]


def test_the_entry_gets_the_first_body_line_instead_of_the_scope_line() -> None:
    rows = compute_rows(_function(DILocation(7, 9, F)), F, body_line_at_entry=True)
    assert rows.entry is None  # no `{` row at the entry address
    assert rows.rows[0][0] == Row(7, 9, FILE, is_stmt=True)
    assert rows.rows[0][1] is None  # the other pushes: no rows
    assert rows.rows[0][2] == Row(7, 9, FILE, is_stmt=True, prologue_end=True)


def test_inlined_code_at_prologue_end_gives_its_call_line() -> None:
    call = DILocation(7, 5, F)
    rows = compute_rows(_function(DILocation(3, 11, G, inlined_at=call)), F,
                        body_line_at_entry=True)
    assert rows.rows[0][0] == Row(7, 5, FILE, is_stmt=True)


def test_with_a_frame_pointer_only_the_scope_line() -> None:
    rows = compute_rows(_function(DILocation(7, 9, F)), F)
    assert rows.entry == Row(6, 0, FILE, is_stmt=True)
    assert rows.rows[0][0] is None
