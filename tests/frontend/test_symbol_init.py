"""`scopes.Symbol` writes its `__init__` out (dataclasses' generated one is Python
code, which a compiled build runs for every symbol declared): its parameters are
the dataclass fields, in order, with their defaults, and it stores each."""

from __future__ import annotations

import dataclasses
import inspect

from atomc.frontend.ctype import INT
from atomc.frontend.scopes import Pos, StorageClass, Symbol, SymKind


def test_init_parameters_are_the_fields() -> None:
    params = list(inspect.signature(Symbol.__init__).parameters.values())[1:]
    fields = dataclasses.fields(Symbol)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert p.default is None, f.name  # (a fresh one made per symbol)
        else:
            assert p.default is inspect.Parameter.empty, f.name


def test_init_stores_every_field() -> None:
    pos = Pos("t.c", 1, 2)
    fields = dataclasses.fields(Symbol)
    values = {f.name: object() for f in fields}
    sym = Symbol(**values)  # type: ignore[arg-type]
    assert all(getattr(sym, f.name) is values[f.name] for f in fields)
    a = Symbol("a", INT, SymKind.VAR, StorageClass.AUTO, pos)
    b = Symbol("b", INT, SymKind.VAR, StorageClass.AUTO, pos)
    assert a.attrs == set() and a.attrs is not b.attrs
    assert dataclasses.replace(a, name="c").attrs is a.attrs
    defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    assert {k: getattr(a, k) for k in defaults} == defaults
