"""location_lists.start_at_entry: in a function without a frame pointer the entry
address has the first body line's row (gdb's stop when it steps in), so a range
that begins right after the leading pushes begins at the entry instead, when the
pushes cannot have changed its value."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv.model import (
    ComputedLoc,
    ConstLoc,
    EntryValueLoc,
    VarKey,
    VarRange,
    reg,
    slot,
)
from atomc.codegen.debuginfo.location_lists import start_at_entry

RDI, RSP, RBP = reg(5), reg(7), reg(6)
SLOT = slot(-24)


def _starts(ranges: list[VarRange]) -> list[int]:
    return [r.start for r in start_at_entry(ranges, 2)]  # two pushes: positions 0 and 1


def test_values_the_pushes_keep_start_at_the_entry() -> None:
    rs = [VarRange(VarKey("total"), 1, 9, ConstLoc(0)),
          VarRange(VarKey("x"), 1, 9, RDI),
          VarRange(VarKey("y"), 1, 9, ComputedLoc(RDI, (("plus_uconst", 5),))),
          VarRange(VarKey("k"), 1, 9, EntryValueLoc(RDI))]
    assert _starts(rs) == [-1, -1, -1, -1]


def test_the_stack_and_later_ranges_stay() -> None:
    rs = [VarRange(VarKey("a"), 1, 9, SLOT),  # the slot is written after the pushes
          VarRange(VarKey("b"), 1, 9, RSP),
          VarRange(VarKey("c"), 1, 9, ComputedLoc(RBP, (("plus_uconst", 8),))),
          VarRange(VarKey("d"), 2, 9, RDI)]  # after the first body instruction
    assert _starts(rs) == [1, 1, 1, 2]


def test_a_value_set_before_the_body_replaces_the_argument_at_the_entry() -> None:
    # `p = 3` before the first body line: the entry shows that line, where p is 3
    rs = [VarRange(VarKey("p"), -1, 1, RDI), VarRange(VarKey("p"), 1, 9, ConstLoc(3))]
    assert [(r.start, r.loc) for r in start_at_entry(rs, 2)] == [(-1, ConstLoc(3))]
    assert _starts([VarRange(VarKey("q"), 1, 9, RDI)]) == [-1]
    assert [r.start for r in start_at_entry([VarRange(VarKey("q"), 1, 9, RDI)], 0)] == [1]


def test_earlier_ranges_that_are_not_replaced_stay() -> None:
    # ends inside the set-up: prologue_end has no value from it
    short = [VarRange(VarKey("p"), -1, 0, RDI), VarRange(VarKey("p"), 0, 1, ConstLoc(3))]
    assert _starts(short) == [-1, 0]
    # the earlier range still holds where the later one begins
    overlap = [VarRange(VarKey("p"), -1, 5, RDI, primary=True),
               VarRange(VarKey("p"), 1, 9, ConstLoc(3), primary=False)]
    assert _starts(overlap) == [-1, 1]
    # another part of the variable is located earlier
    lo, hi = VarKey("s", fragment=(0, 32)), VarKey("s", fragment=(32, 32))
    assert _starts([VarRange(lo, -1, 9, RDI), VarRange(hi, 1, 9, ConstLoc(3))]) == [-1, 1]
