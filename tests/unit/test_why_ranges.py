"""From LiveDebugValues' reasons to a variable's `.debug.atomc_why` entries
(codegen/debuginfo/why_ranges.py), for variables described in pieces: a range
where no piece has a location takes a piece's reason; one where some pieces
have locations says which piece is missing; and where a piece is described
only by its entry value (which the debugger resolves only if the caller
recorded the argument), the reason the register lost it is kept, as it is
for a whole variable."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv.model import (
    EntryValueLoc,
    NoLoc,
    VarKey,
    VarRange,
    WhyRange,
    reg,
)
from atomc.codegen.debuginfo.why_ranges import attach_reasons
from atomc.dwarf.model import VarLocation, WhyEntry
from atomc.ir.why import Why, WhyKind

V = object()  # the variable (any object: keys compare by identity)
LO, HI = VarKey(V, fragment=(0, 64), is_param=True), VarKey(V, fragment=(64, 64), is_param=True)
DEAD_AFTER_7 = NoLoc(Why(WhyKind.DEAD, line=7))


def _attach(gaps: list[WhyRange], ranges: list[VarRange]) -> tuple[WhyEntry, ...]:
    [located] = attach_reasons([VarLocation(V, None)], gaps, ranges,  # type: ignore[arg-type]
                               label_after=lambda p: f".L{p}", line_of=lambda p: 0)
    return located.why


def test_pieces_held_only_by_entry_values_keep_the_reason_they_were_lost() -> None:
    ranges = [VarRange(LO, 0, 4, reg(5)), VarRange(HI, 0, 3, reg(4)),
              VarRange(HI, 3, 9, EntryValueLoc(reg(4))),
              VarRange(LO, 4, 9, EntryValueLoc(reg(5)))]
    gaps = [WhyRange(HI, 3, 9, DEAD_AFTER_7), WhyRange(LO, 4, 9, DEAD_AFTER_7)]
    # 3-4: the high piece is an unresolvable entry value, the low one in a register
    # 4-9: both pieces are entry values: the whole variable is gone for the same reason
    assert _attach(gaps, ranges) == (
        WhyEntry(".L3", ".L4", WhyKind.PIECE.code, 0, "bits 64-127"),
        WhyEntry(".L4", ".L9", WhyKind.DEAD.code, 7, ""))


def test_pieces_without_any_location_take_a_pieces_reason() -> None:
    not_yet = NoLoc(Why(WhyKind.NOT_YET, line=3))
    gaps = [WhyRange(LO, 0, 2, not_yet), WhyRange(HI, 0, 5, not_yet)]
    ranges = [VarRange(LO, 2, 9, reg(0)), VarRange(HI, 5, 9, reg(1))]
    assert _attach(gaps, ranges) == (
        WhyEntry(".L0", ".L2", WhyKind.NOT_YET.code, 3, ""),
        WhyEntry(".L2", ".L5", WhyKind.PIECE.code, 0, "bits 64-127"))
