"""MLoc, LiveDebugValues' machine location: interned per kind (equality is
identity, which the analysis's hashing relies on), ordered registers first,
then by number (call-site values and location lists sort by it)."""

from __future__ import annotations

import pickle

import pytest

from atomc.codegen.debuginfo.ldv import LocKind, MLoc, reg, slot


def test_one_object_per_location() -> None:
    assert reg(3) is reg(3) is MLoc(LocKind.REG, 3)
    assert slot(-24) is MLoc(LocKind.SLOT, -24)
    assert reg(3) is not slot(3)  # the same number of another kind is another location
    assert reg(3) != slot(3)
    assert len({reg(3), slot(3), reg(3)}) == 2


def test_kind_and_number() -> None:
    assert reg(7).kind is LocKind.REG and reg(7).num == 7
    assert slot(-8).kind is LocKind.SLOT and slot(-8).num == -8
    assert (str(reg(7)), str(slot(-8))) == ("R7", "SLOT-8")


def test_registers_sort_before_slots() -> None:
    assert sorted([slot(-8), reg(5), slot(-16), reg(0)]) == [reg(0), reg(5), slot(-16), slot(-8)]
    assert reg(15) < slot(-100) and slot(-100) > reg(15)
    assert reg(2) <= reg(2) and reg(2) >= reg(2)


def test_immutable_and_pickles_to_the_same_object() -> None:
    with pytest.raises(AttributeError):
        reg(1).num = 2  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(slot(-40))) is slot(-40)
