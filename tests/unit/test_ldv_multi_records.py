"""LiveDebugValues reads `add` / `delete` records and salvaged expressions.

Same notation as the conformance cases (test_ldv_conformance.py): a range is
[end(iA), end(iB)). `new x` (token 1) names #1 in RAX; `add` (token 2) says the
same value is also #2's in RCX. In single mode the added location takes over
when RAX is clobbered; a `delete` of the add ends it; in multi mode it is
listed beside the primary from the start.
"""

from __future__ import annotations

from test_ldv_conformance import RAX, RCX, RDX, X, d, nop, run

from atomc.codegen.debuginfo.ldv import DebugValue, InstrRef, MInstView
from atomc.dwarf.locexpr import LocExpr, PlusUconst
from atomc.ir.dbgrecords import DbgKind


def new(num: int, token: int, expr: LocExpr = ()) -> MInstView:
    return MInstView(debug=DebugValue(X, InstrRef(num), DbgKind.NEW, token, 0, expr))


def add(num: int, token: int, key: int) -> MInstView:
    return MInstView(debug=DebugValue(X, InstrRef(num), DbgKind.ADD, token, key))


def delete(key: int) -> MInstView:
    return MInstView(debug=DebugValue(X, None, DbgKind.DELETE, 0, key))


def test_added_location_takes_over_after_the_clobber() -> None:
    out = run([([d("i1", RAX, 1), new(1, 1), d("i2", RCX, 2), add(2, 2, 1), d("i3", RAX),
                 d("i4", RDX), d("i5", RCX), nop("i6")], ())])
    assert out == "x=RAX[1,3) x=RCX[3,5)"


def test_delete_ends_the_added_location() -> None:
    out = run([([d("i1", RAX, 1), new(1, 1), d("i2", RCX, 2), add(2, 2, 1), d("i3", RAX),
                 d("i4", RDX), delete(2), d("i5", RDX), nop("i6")], ())])
    assert out == "x=RAX[1,3) x=RCX[3,4)"


def test_add_of_an_older_value_is_ignored() -> None:
    out = run([([d("i1", RAX, 1), new(1, 1), d("i2", RCX, 2), new(2, 3), add(1, 4, 1),
                 d("i3", RCX), nop("i4")], ())])
    assert out == "x=RAX[1,2) x=RCX[2,3)"  # nothing after i3: RAX holds the older value


def test_multi_mode_lists_the_added_location_beside_the_primary() -> None:
    out = run([([d("i1", RAX, 1), new(1, 1), d("i2", RCX, 2), add(2, 2, 1), d("i3", RDX),
                 d("i4", RAX), d("i5", RCX), nop("i6")], ())], "multi")
    assert out == "x=RAX[1,4) x=RCX[2,5)"


def test_salvaged_expression_travels_with_the_value() -> None:
    out = run([([d("i1", RAX, 1), new(1, 1, (PlusUconst(5),)), d("i2", RDX),
                 d("i3", RAX), nop("i4")], ())])
    assert out == "x=R0 plus_uconst[1,3)"
