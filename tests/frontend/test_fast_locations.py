"""The fast constructors of frozen values (frozen.py) make the dataclass's own value."""

from __future__ import annotations

import dataclasses

import pytest

from atomc.frontend.frozen import slot_writers
from atomc.frontend.lower.locations import statement_location
from atomc.frontend.scopes import Pos, new_pos
from atomc.ir import DIFile, DILocation, DISubprogram


def _scope() -> DISubprogram:
    return DISubprogram("f", "f", DIFile("a.c", "/tmp"), 3, None, 3, None)


@pytest.mark.parametrize("line,column,stmt", [(1, 1, 0), (42, 7, 3), (100000, 250, 99)])
def test_same_value_as_the_dataclass(line: int, column: int, stmt: int) -> None:
    scope = _scope()
    fast = statement_location(line, column, scope, stmt)
    slow = DILocation(line, column, scope, stmt=stmt)
    assert type(fast) is DILocation
    for f in dataclasses.fields(DILocation):
        assert getattr(fast, f.name) == getattr(slow, f.name), f.name
    assert fast == slow and hash(fast) == hash(slow)
    assert fast.with_atom(2, 1) == slow.with_atom(2, 1)


def test_still_frozen() -> None:
    loc = statement_location(5, 2, _scope(), 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        loc.line = 6  # type: ignore[misc]


def test_new_pos_is_the_dataclass_value() -> None:
    fast, slow = new_pos("a.c", 12, 5), Pos("a.c", 12, 5)
    assert type(fast) is Pos and fast == slow and hash(fast) == hash(slow)
    assert (fast.file, fast.line, fast.column) == ("a.c", 12, 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.line = 13  # type: ignore[misc]


def test_slot_writers_refuse_a_changed_field_list() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: int

    assert len(slot_writers(Point, ("x", "y"))) == 2
    with pytest.raises(RuntimeError):
        slot_writers(Point, ("x",))
    with pytest.raises(RuntimeError):
        slot_writers(Point, ("y", "x"))
