"""codegen/debuginfo/line_start_values.py: where a line's stop is, as the debuggers
read the rows (lldb at the line's first row, gdb at its first is_stmt row), and how
long an old value's location still holds it."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv.model import (
    ComputedLoc,
    ConstLoc,
    EntryValueLoc,
    MInstView,
    reg,
    slot,
)
from atomc.codegen.debuginfo.line_start_values import Machine, _stops
from atomc.dwarf.line_rows import Row
from atomc.ir.debuginfo import DIFile

F = DIFile("t.c", "/tmp")


def _row(line: int, is_stmt: bool = True) -> Row:
    return Row(line, 1, F, is_stmt)


def test_lldb_stops_at_the_first_row_gdb_at_the_first_is_stmt_row() -> None:
    where = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]
    rows = [_row(9), None, _row(10, False), _row(10), _row(11)]
    assert _stops(where, rows, 1, (F, 9)) == (2, 3)
    # a row of the line already current is no stop: the next line's is
    assert _stops(where, [_row(9), _row(9), _row(10), None, None], 1, (F, 9)) == (2, 2)
    # line 0 rows are no stops
    assert _stops(where, [_row(9), _row(0), _row(10), None, None], 1, (F, 9)) == (2, 2)
    # at a block's first instruction any line's row is a stop
    assert _stops(where, rows, 2, None) == (2, 3)


def test_no_stop_in_the_block() -> None:
    where = [(0, 0), (0, 1), (1, 0)]
    assert _stops(where, [_row(9), None, _row(10)], 1, (F, 9)) is None
    # the run of the line ends at the block's end: no is_stmt row, lldb's stop counts
    assert _stops(where, [_row(9), _row(10, False), _row(10)], 1, (F, 9)) == (1, 1)


def test_an_old_location_holds_until_written() -> None:
    rax, rbx, rcx = reg(0), reg(3), reg(2)
    views = [MInstView(defs=(rax,)), MInstView(copy=(rcx, rax)), MInstView(call=True),
             MInstView(defs=(rbx,))]
    m = Machine(views, frozenset({rax, rcx}))
    assert m.first_write(ConstLoc(5), 0, 4) == 4
    assert m.first_write(EntryValueLoc(rbx), 0, 4) == 4
    assert m.first_write(rax, 0, 4) == 0
    assert m.first_write(rax, 1, 4) == 2  # the call clobbers a caller-saved register
    assert m.first_write(rcx, 1, 4) == 1  # a copy's destination
    assert m.first_write(ComputedLoc(rbx, ()), 0, 3) == 3
    assert m.first_write(rbx, 0, 4) == 3
    # a frame slot any store may write: held only where no instruction runs
    assert m.first_write(slot(-24), 1, 3) == 1
    assert m.first_write(slot(-24), 2, 2) == 2
