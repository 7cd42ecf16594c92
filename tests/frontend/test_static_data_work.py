"""An object of static storage is laid out once, counted, not timed.

The checker lays out each such object's data at the end of the unit (to report an
initialiser that is not constant); the lowering names the addresses in that layout
(`constinit.kept_data`) instead of evaluating every item again: a table of N
constants is evaluated N times, not 2N. The addresses are named in the order the
full layout names them, so string literals are numbered as before. A table's plain
scalar elements and members (an array of scalars, a struct row's scalar members)
are checked by `_fill` itself, not through `_fill_one` and `_init_obj` each, and an integer constant's bytes are written
without `evaluate`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend import constinit
from atomc.frontend.driver import compile_preprocessed
from atomc.frontend.sema import initialisers
from atomc.ir import Module, SymRef, Zeros
from atomc.options import CompileOptions

_N = 200
SOURCE = '# 1 "t.c"\n' + f"""\
static const unsigned table[{_N}] = {{ {", ".join(f"0x{i * 2654435761 % 2**32:x}u"
                                                 for i in range(_N))} }};
int x, y[4];
const char *names[] = {{ "b", "a", "b", 0 }};
int *refs[3] = {{ &x, y + 2 }};
struct s {{ char c; const char *p; int i : 3, j : 5; }} mixed = {{ 'q', "a" "z", 2, 9 }};
unsigned f(int i) {{
    static int *local = &y[1];
    return table[i] + *local + *refs[0] + names[i][0] + mixed.p[0];
}}
"""


def _compile() -> Module:
    return compile_preprocessed(SOURCE, "t.c", CompileOptions(), DiagnosticEngine())


def _counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    calls = [0]
    real: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_static_items_evaluated_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch, constinit, "_item_data")
    _compile()
    # the table's items, names' 3 strings (and the null), refs' 2, mixed's 4, local's 1
    assert calls[0] == _N + 4 + 2 + 4 + 1


def test_table_elements_checked_directly(monkeypatch: pytest.MonkeyPatch) -> None:
    checker = initialisers.InitialiserChecker
    objects = _counting(monkeypatch, checker, "_init_obj")
    subobjects = _counting(monkeypatch, checker, "_fill_one")
    evaluated = _counting(monkeypatch, constinit, "evaluate")
    _compile()
    # one per initialiser, and mixed's two bit-fields (its char and pointer members
    # are scalars checked directly too)
    assert objects[0] == 5 + 2 and subobjects[0] == 2
    # the addresses (names' 4 with the null, refs' 2, mixed's string, local's) and
    # mixed's two bit-fields; none for the table's integers
    assert evaluated[0] == 4 + 2 + 1 + 1 + 2


def test_kept_layout_names_addresses_in_order() -> None:
    m = _compile()
    g = m.globals
    table = g["table"].init
    assert table is not None and len(table) == 1 and isinstance(table[0], bytes)
    assert table[0][4:8] == (2654435761 % 2**32).to_bytes(4, "little")
    # string literals numbered in the order their addresses are named: "b", "a", "az"
    assert g["names"].init == [SymRef(".L.str.0"), SymRef(".L.str.1"), SymRef(".L.str.0"),
                               bytes(8)]
    assert g[".L.str.0"].init == [b"b\0"] and g[".L.str.1"].init == [b"a\0"]
    assert g["refs"].init == [SymRef("x"), SymRef("y", 8), Zeros(8)]
    assert g["mixed"].init == [b"q", Zeros(7), SymRef(".L.str.2"), bytes([2 | 9 << 3]),
                               Zeros(7)]
    assert g[".L.str.2"].init == [b"az\0"]
    assert [v.name for v in g.values() if v.init == [SymRef("y", 4)]] == ["f.local"]
