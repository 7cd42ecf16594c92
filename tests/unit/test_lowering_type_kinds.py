"""The lowering's per-class answers about C types (`expression._kind`) agree with
`isinstance` for every type class it meets, and are worked out once per class."""

from __future__ import annotations

import pytest

import atomc.frontend.lower.expression as E
from atomc.frontend import ctype as C


def _samples() -> list[C.CType]:
    return [C.INT, C.CHAR, C.BOOL, C.DOUBLE, C.VOID, C.PointerT(C.INT), C.ArrayT(C.INT, 4),
            C.FuncT(C.INT, (), False), C.StructT(C.RecordKind.STRUCT, "s"),
            C.StructT(C.RecordKind.UNION, "u"), C.ComplexT(C.DOUBLE)]


def test_kind_bits_agree_with_isinstance() -> None:
    for t in _samples():
        k = E._kind(t)
        assert bool(k & E._RECORD) == isinstance(t, (C.StructT, C.ComplexT)), t
        assert bool(k & E._ARRAY) == isinstance(t, (C.ArrayT, C.VlaT)), t
        assert bool(k & E._FUNCTION) == isinstance(t, C.FuncT), t
        assert bool(k & E._VOID) == isinstance(t, C.VoidT), t


def test_kind_is_worked_out_once_per_class(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds: dict[type, int] = {}
    monkeypatch.setattr(E, "_KINDS", kinds)
    for t in _samples() + _samples():
        E._kind(t)
    assert len(kinds) == len({type(t) for t in _samples()})
