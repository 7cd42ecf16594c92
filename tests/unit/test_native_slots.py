"""A compiled dataclass with slots=True is not copied into a throwaway class
(native_slots.py); every other class is made as dataclasses makes it."""

from __future__ import annotations

import dataclasses

import pytest

from atomc import native_slots


@pytest.fixture(autouse=True)
def hooked() -> None:
    if not native_slots.install():
        pytest.skip("an interpreter version the hook is not set on")


def test_a_native_class_comes_back_itself() -> None:
    """What mypyc hands the decorator (a class it marked) is what the decorator
    returns: no second class is made."""

    class Native:
        __mypyc_attrs__ = ("a",)
        a: int

    made = dataclasses.dataclass(frozen=True, slots=True)(Native)
    assert made is Native
    assert [f.name for f in dataclasses.fields(made)] == ["a"]


def test_an_ordinary_class_still_gets_its_slots() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Plain:
        a: int
        b: str = "x"

    assert Plain.__slots__ == ("a", "b")
    assert "__dict__" not in dir(Plain(1))
    assert Plain(1) == Plain(1, "x")
    assert Plain.__getstate__ is not object.__getstate__  # frozen: pickling support
