"""Lowering LiveDebugValues ranges to DWARF variable locations."""

from __future__ import annotations

from atomc.codegen.debuginfo.address_values import Anchors, anchor_cuts
from atomc.codegen.debuginfo.ldv import (
    ConstLoc,
    EntryValueLoc,
    VarKey,
    VarRange,
    reg,
    slot,
)
from atomc.codegen.debuginfo.location_lists import lower_var_ranges
from atomc.dwarf.locexpr import (
    Addr,
    And,
    BitPiece,
    Breg,
    Consts,
    Constu,
    EntryValue,
    Fbreg,
    Minus,
    Piece,
    Plus,
    Reg,
    StackValue,
)
from atomc.dwarf.model import LocRange


def label(p: int) -> str:
    return "f" if p < 0 else f".L{p}"


X, A = VarKey("x"), VarKey("a", is_param=True)
SHORT = Anchors((), frozenset(), 16)  # a function with no cuts: one anchor serves


def from_pc(anchor: str, symbol: str, addend: int = 0) -> tuple[object, ...]:
    """A global's address computed from the pc (address_values.py)."""
    return (Breg(16, 0), Addr(anchor), Minus(), Consts(-4096), And(), Addr(symbol, addend),
            Plus(), StackValue())


def test_register_then_slot_is_a_list() -> None:
    [v] = lower_var_ranges([VarRange(X, 1, 3, reg(0)), VarRange(X, 3, 6, slot(-24))], label, 9, SHORT)
    assert v.single is None and v.const_value is None
    assert v.ranges == (LocRange(".L1", ".L3", (Reg(0),)),
                        LocRange(".L3", ".L6", (Fbreg(-24),)))


def test_whole_function_location_is_single() -> None:
    [v] = lower_var_ranges([VarRange(X, -1, 9, slot(-20))], label, 9, SHORT)
    assert v.single == (Fbreg(-20),) and not v.ranges


def test_whole_function_constant_is_const_value() -> None:
    [v] = lower_var_ranges([VarRange(X, -1, 9, ConstLoc(7))], label, 9, SHORT)
    assert v.const_value == 7


def test_partial_constant_and_entry_value() -> None:
    [v] = lower_var_ranges([VarRange(A, -1, 2, reg(5)), VarRange(A, 2, 4, EntryValueLoc(reg(5))),
                            VarRange(A, 4, 5, ConstLoc(-1))], label, 9, SHORT)
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
                            VarRange(whole, 6, 8, reg(4))], label, 9, SHORT)
    assert [(r.start, r.end, r.expr) for r in v.ranges] == [
        (".L2", ".L4", (Reg(0), Piece(8), Reg(3), Piece(8))),
        (".L4", ".L6", (BitPiece(64), Reg(3), Piece(8))),
        (".L6", ".L8", (Reg(4), Piece(16))),
    ]


def test_trailing_fragment_missing_is_an_empty_bit_piece() -> None:
    lo, hi = VarKey("s", fragment=(0, 32)), VarKey("s", fragment=(32, 32))
    [v] = lower_var_ranges([VarRange(lo, 1, 5, reg(3)), VarRange(hi, 2, 4, reg(12))], label, 9, SHORT)
    assert [(r.start, r.end, r.expr) for r in v.ranges] == [
        (".L1", ".L2", (Reg(3), Piece(4), BitPiece(32))),
        (".L2", ".L4", (Reg(3), Piece(4), Reg(12), Piece(4))),
        (".L4", ".L5", (Reg(3), Piece(4), BitPiece(32))),
    ]


def test_multi_mode_lists_primaries_first() -> None:
    [v] = lower_var_ranges([VarRange(X, 2, 5, reg(2), primary=False), VarRange(X, 1, 3, reg(0)),
                            VarRange(X, 3, 5, reg(2))], label, 9, SHORT)
    assert [(r.start, r.expr) for r in v.ranges] == [
        (".L1", (Reg(0),)), (".L3", (Reg(2),)), (".L2", (Reg(2),))]


def test_global_address_in_a_short_function_is_single_from_the_function_start() -> None:
    [v] = lower_var_ranges([VarRange(X, -1, 9, ConstLoc(4, symbol="g"))], label, 9, SHORT)
    assert v.single == from_pc("f", "g", 4) and v.const_value is None


def test_global_address_in_a_long_function_is_anchored_at_each_cut() -> None:
    # 600 instructions: cuts after 272 and 545; an asm statement at 400
    anchors = Anchors(anchor_cuts(600, [400], 15), frozenset({400}), 16)
    assert anchors.cuts == (272, 399, 400, 545)
    [v] = lower_var_ranges([VarRange(X, -1, 599, ConstLoc(0, symbol="g"))], label, 599, anchors)
    assert v.single is None
    assert v.ranges == (LocRange("f", ".L272", from_pc("f", "g")),
                        LocRange(".L272", ".L399", from_pc(".L272", "g")),
                        LocRange(".L400", ".L545", from_pc(".L400", "g")),
                        LocRange(".L545", ".L599", from_pc(".L545", "g")))


def test_range_without_an_address_is_not_cut() -> None:
    anchors = Anchors(anchor_cuts(600, [], 15), frozenset(), 16)
    [v] = lower_var_ranges([VarRange(X, 3, 590, reg(3))], label, 599, anchors)
    assert v.ranges == (LocRange(".L3", ".L590", (Reg(3),)),)


def test_long_double_constant_fragments_are_8_byte_stack_values() -> None:
    # a `_Complex long double` folded to 3 - 1.5i: each part's 80-bit pattern in two
    # 8-byte stack values (lldb-22 cannot piece DW_OP_implicit_value); its
    # sign-and-exponent half is 0xbfff for the negative part
    re, im = VarKey("z", fragment=(0, 128)), VarKey("z", fragment=(128, 128))
    three, minus_1_5 = (0x4000 << 64) | (0xC << 60), (0xBFFF << 64) | (0xC << 60)
    [v] = lower_var_ranges([VarRange(re, 1, 5, ConstLoc(three)),
                            VarRange(im, 1, 5, ConstLoc(minus_1_5))], label, 9, SHORT)
    assert [r.expr for r in v.ranges] == [(
        Constu(0xC << 60), StackValue(), Piece(8), Constu(0x4000), StackValue(), Piece(8),
        Constu(0xC << 60), StackValue(), Piece(8), Constu(0xBFFF), StackValue(), Piece(8))]
