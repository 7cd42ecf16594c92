"""Lowering LiveDebugValues ranges to DWARF variable locations."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv import (
    ConstLoc, EntryValueLoc, VarKey, VarRange, reg, slot,
)
from atomc.codegen.debuginfo.location_lists import lower_var_ranges
from atomc.dwarf.locexpr import BitPiece, Consts, EntryValue, Fbreg, Piece, Reg, StackValue
from atomc.dwarf.model import LocRange


def label(p: int) -> str:
    return "f" if p < 0 else f".L{p}"


X, A = VarKey("x"), VarKey("a", is_param=True)


def test_register_then_slot_is_a_list() -> None:
    [v] = lower_var_ranges([VarRange(X, 1, 3, reg(0)), VarRange(X, 3, 6, slot(-24))], label, 9)
    assert v.single is None and v.const_value is None
    assert v.ranges == (LocRange(".L1", ".L3", (Reg(0),)),
                        LocRange(".L3", ".L6", (Fbreg(-24),)))


def test_whole_function_location_is_single() -> None:
    [v] = lower_var_ranges([VarRange(X, -1, 9, slot(-20))], label, 9)
    assert v.single == (Fbreg(-20),) and not v.ranges


def test_whole_function_constant_is_const_value() -> None:
    [v] = lower_var_ranges([VarRange(X, -1, 9, ConstLoc(7))], label, 9)
    assert v.const_value == 7


def test_partial_constant_and_entry_value() -> None:
    [v] = lower_var_ranges([VarRange(A, -1, 2, reg(5)), VarRange(A, 2, 4, EntryValueLoc(reg(5))),
                            VarRange(A, 4, 5, ConstLoc(-1))], label, 9)
    assert [r.expr for r in v.ranges] == [
        (Reg(5),), (EntryValue((Reg(5),)), StackValue()),
        (Consts(-1), StackValue())]


def test_missing_fragments_become_empty_bit_pieces() -> None:
    # [4, 6): only the high half is known. An empty DW_OP_piece would be read
    # as zero bytes by lldb (a wrong value); an empty DW_OP_bit_piece is
    # `<optimized out>` bits in gdb and an error in lldb.
    lo, hi, whole = (VarKey("s", fragment=(0, 64)), VarKey("s", fragment=(64, 64)),
                     VarKey("s", fragment=(0, 128)))
    [v] = lower_var_ranges([VarRange(lo, 2, 4, reg(0)), VarRange(hi, 2, 6, reg(3)),
                            VarRange(whole, 6, 8, reg(4))], label, 9)
    assert [(r.start, r.end, r.expr) for r in v.ranges] == [
        (".L2", ".L4", (Reg(0), Piece(8), Reg(3), Piece(8))),
        (".L4", ".L6", (BitPiece(64), Reg(3), Piece(8))),
        (".L6", ".L8", (Reg(4), Piece(16))),
    ]


def test_trailing_fragment_missing_is_an_empty_bit_piece() -> None:
    lo, hi = VarKey("s", fragment=(0, 32)), VarKey("s", fragment=(32, 32))
    [v] = lower_var_ranges([VarRange(lo, 1, 5, reg(3)), VarRange(hi, 2, 4, reg(12))], label, 9)
    assert [(r.start, r.end, r.expr) for r in v.ranges] == [
        (".L1", ".L2", (Reg(3), Piece(4), BitPiece(32))),
        (".L2", ".L4", (Reg(3), Piece(4), Reg(12), Piece(4))),
        (".L4", ".L5", (Reg(3), Piece(4), BitPiece(32))),
    ]


def test_multi_mode_lists_primaries_first() -> None:
    [v] = lower_var_ranges([VarRange(X, 2, 5, reg(2), primary=False), VarRange(X, 1, 3, reg(0)),
                            VarRange(X, 3, 5, reg(2))], label, 9)
    assert [(r.start, r.expr) for r in v.ranges] == [
        (".L1", (Reg(0),)), (".L3", (Reg(2),)), (".L2", (Reg(2),))]
