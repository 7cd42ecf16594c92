"""`Conversions.cast` leaves an operand whose type equals the target's unconverted,
and tells two integer types, or two pointer types with one pointee, apart without
running their dataclass `__eq__` (Python code in both builds: compiled, ~2,500
instructions a call, made for most casts: sema/conversions.py's `_equal`)."""

from __future__ import annotations

import io
import sys
from types import FrameType
from typing import Any

from atomc.diag import DiagnosticEngine
from atomc.frontend import tree as T
from atomc.frontend.ctype import CHAR, INT, LONG, UINT, IntT, PointerT
from atomc.frontend.scopes import Pos
from atomc.frontend.sema import Sema
from atomc.frontend.sema.conversions import _equal

POS = Pos("t.c", 1, 1)


def _operand(t: Any) -> T.Expr:
    """An expression of type `t` that no cast folds."""
    return T.Cast(T.IntConst(1, INT, POS), t, POS, True)


def _eq_calls(run: Any) -> tuple[Any, int]:
    """`run()`'s answer and how many Python `__eq__` calls it made."""
    calls = 0

    def hook(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call" and frame.f_code.co_name == "__eq__":
            calls += 1

    sys.setprofile(hook)
    try:
        out = run()
    finally:
        sys.setprofile(None)
    return out, calls


def test_cast_runs_no_type_eq_for_integer_and_pointer_types() -> None:
    sema = Sema(DiagnosticEngine(out=io.StringIO()), "t.c", frozenset(), {"t.c": [""]})
    int_copy = IntT(INT.name, INT.nbytes, INT.signed, INT.rank)  # equal, not the same
    x = _operand(INT)
    p = _operand(PointerT(CHAR))
    cases = [(x, LONG, False), (x, UINT, False), (x, int_copy, True),
             (p, PointerT(CHAR), True), (p, PointerT(INT), False)]
    for e, to, same in cases:
        out, calls = _eq_calls(lambda e=e, to=to: sema.conv.cast(e, to))
        assert (out is e) == same, (e.type, to)
        if not same:
            assert isinstance(out, T.Cast) and out.operand is e and out.type is to
        # (PointerT(INT) against PointerT(CHAR): by `==`, the pointers' and the
        # pointees' `__eq__`)
        assert calls == (0 if to != PointerT(INT) else 2), (e.type, to, calls)


def test_equal_reads_every_field_eq_compares() -> None:
    # `_equal` names IntT's fields and takes one pointee for equal PointerTs: a field
    # added to either class (compared by its __eq__) must be added there too
    import dataclasses
    assert [f.name for f in dataclasses.fields(IntT) if f.compare] == \
        ["name", "nbytes", "signed", "rank"]
    assert [f.name for f in dataclasses.fields(PointerT) if f.compare] == ["pointee"]


def test_equal_agrees_with_eq() -> None:
    types = [INT, LONG, UINT, CHAR, IntT(INT.name, INT.nbytes, INT.signed, INT.rank),
             IntT("int", 4, False, 4)]
    for a in types:
        for b in types:
            assert _equal(a, b) == (a == b), (a, b)
    ptrs = [PointerT(INT), PointerT(INT), PointerT(CHAR), PointerT(PointerT(INT)),
            PointerT(PointerT(INT))]
    for a in ptrs:
        for b in ptrs:
            assert _equal(a, b) == (a == b), (a, b)
