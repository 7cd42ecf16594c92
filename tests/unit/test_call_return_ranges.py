"""Location ranges as outer frames read them (codegen/debuginfo/outer_frames.py):
a caller's frame is looked up at its call's return address minus one, inside
the call, where a caller-saved register holds whatever the callee left there."""

from __future__ import annotations

from atomc.codegen.debuginfo.address_values import Anchors
from atomc.codegen.debuginfo.ldv.model import (
    ComputedLoc,
    ConstLoc,
    EntryValueLoc,
    NoLoc,
    VarKey,
    VarRange,
    WhyRange,
    reg,
    slot,
)
from atomc.codegen.debuginfo.location_lists import lower_var_ranges
from atomc.codegen.debuginfo.outer_frames import CallReturns, cut
from atomc.codegen.debuginfo.why_ranges import attach_reasons
from atomc.dwarf.locexpr import EntryValue, Fbreg, Reg, StackValue
from atomc.dwarf.model import LocRange, VarLocation, WhyEntry
from atomc.ir.why import Why, WhyKind

RDI, RAX, RBX = reg(5), reg(0), reg(3)
CLOBBERED = frozenset({RAX, reg(1), reg(2), reg(4), RDI})
A = VarKey("a", is_param=True)
SHORT = Anchors((), frozenset(), 16)
DEAD = NoLoc(Why(WhyKind.DEAD, line=5))


def label(p: int) -> str:
    return "f" if p < 0 else f".L{p}"


def lower(ranges: list[VarRange], returns: CallReturns) -> tuple[LocRange, ...]:
    [v] = lower_var_ranges(ranges, label, 9, SHORT, returns=returns)
    return v.ranges


def test_register_the_call_clobbers_ends_inside_it_and_its_entry_value_begins_there() -> None:
    # zlib's compress: `a` in %rdi up to the call (instruction 3), then its entry value
    returns = CallReturns((3,), CLOBBERED, {A: {3: (RDI, EntryValueLoc(RDI), None)}})
    assert lower([VarRange(A, -1, 3, RDI), VarRange(A, 3, 9, EntryValueLoc(RDI))],
                 returns) == (
        LocRange("f", ".L3-1", (Reg(5),)),
        LocRange(".L3-1", ".L9", (EntryValue((Reg(5),)), StackValue())))


def test_without_calls_nothing_moves() -> None:
    none = CallReturns((), CLOBBERED, {})
    assert lower([VarRange(A, -1, 3, RDI), VarRange(A, 3, 9, EntryValueLoc(RDI))], none) == (
        LocRange("f", ".L3", (Reg(5),)),
        LocRange(".L3", ".L9", (EntryValue((Reg(5),)), StackValue())))


def test_the_calls_result_begins_at_the_return_address() -> None:
    # `x = g(x)`: the old value's register ends inside the call, where the walk left
    # the entry value; the result in %rax holds from the return address only
    x = VarKey("x")
    returns = CallReturns((3,), CLOBBERED, {x: {3: (RDI, EntryValueLoc(RDI), None)}})
    assert lower([VarRange(x, 1, 3, RDI), VarRange(x, 3, 9, RAX)], returns) == (
        LocRange(".L1", ".L3-1", (Reg(5),)),
        LocRange(".L3-1", ".L3", (EntryValue((Reg(5),)), StackValue())),
        LocRange(".L3", ".L9", (Reg(0),)))


def test_a_value_lost_at_the_call_leaves_a_hole() -> None:
    x = VarKey("x")
    returns = CallReturns((3,), CLOBBERED, {x: {3: (RDI, None, DEAD)}})
    assert lower([VarRange(x, 1, 3, RDI), VarRange(x, 3, 9, RAX)], returns) == (
        LocRange(".L1", ".L3-1", (Reg(5),)), LocRange(".L3", ".L9", (Reg(0),)))


def test_locations_that_survive_the_call_cover_it() -> None:
    # a callee-saved register, a slot, a constant, an entry value: unchanged
    returns = CallReturns((3, 6), CLOBBERED, {})
    for loc in (RBX, slot(-24), ConstLoc(7), EntryValueLoc(RDI)):
        ranges = [VarRange(A, 1, 9, loc), VarRange(VarKey("b"), 1, 9, loc)]
        assert [(r.start, r.end) for r in cut(ranges, returns)] == [(3, 19), (3, 19)]
    assert lower([VarRange(A, 1, 5, slot(-24))], returns) == (
        LocRange(".L1", ".L5", (Fbreg(-24),)),)


def test_a_clobbered_register_across_a_call_is_cut_out_of_it() -> None:
    # (the walk ends such a range at the call; a later pass may not know calls)
    returns = CallReturns((3,), CLOBBERED, {})
    assert lower([VarRange(A, 1, 6, RDI)], returns) == (
        LocRange(".L1", ".L3-1", (Reg(5),)), LocRange(".L3", ".L6", (Reg(5),)))
    # a value computed from the register, and another location (multi mode), alike
    assert [(r.start, r.end) for r in cut([VarRange(A, 1, 6, ComputedLoc(RDI, ())),
                                           VarRange(A, 1, 6, RDI, primary=False)], returns)] \
        == [(3, 6), (7, 13), (3, 6), (7, 13)]
    assert returns.labels_needed([VarRange(A, 1, 6, RDI), VarRange(A, 1, 3, RDI)]) == {3}


def test_a_call_ending_the_function_ends_the_single_location() -> None:
    # a noreturn call as the last instruction: the location is no longer whole
    returns = CallReturns((9,), CLOBBERED, {A: {9: (RDI, EntryValueLoc(RDI), None)}})
    [v] = lower_var_ranges([VarRange(A, -1, 9, RDI)], label, 9, SHORT, returns=returns)
    assert v.single is None and v.ranges == (
        LocRange("f", ".L9-1", (Reg(5),)),
        LocRange(".L9-1", ".L9", (EntryValue((Reg(5),)), StackValue())))


def test_the_reason_holds_from_inside_the_call() -> None:
    var = object()  # (the reasons are keyed by the variable's identity)
    x = VarKey(var)
    ranges = [VarRange(x, 1, 3, RDI), VarRange(x, 5, 9, RAX)]
    returns = CallReturns((3,), CLOBBERED, {x: {3: (RDI, None, DEAD)}})
    holes = returns.holes(ranges)
    [v] = attach_reasons([VarLocation(var, None)], [WhyRange(x, 3, 5, DEAD)],  # type: ignore[arg-type]
                         ranges, label, lambda p: 0, None, holes)
    assert v.why == (WhyEntry(".L3-1", ".L5", WhyKind.DEAD.code, 5, ""),)
    # a record right after the call: the hole gets the reason alone
    ranges = [VarRange(x, 1, 3, RDI), VarRange(x, 3, 9, RAX)]
    [v] = attach_reasons([VarLocation(var, None)], [], ranges,  # type: ignore[arg-type]
                         label, lambda p: 0, None, returns.holes(ranges))
    assert v.why == (WhyEntry(".L3-1", ".L3", WhyKind.DEAD.code, 5, ""),)
