"""Work the front end does once per distinct thing, counted, not timed.

The lowering enters a location context (`FunctionState.at`) for most nodes it
lowers, most positions several times: one context is made per location of a
function. The checker searches a type for what atomc cannot compile (_Float128,
pending types) once per function type called and once per file-scope object's
type, not at every call or use; a declaration's attribute expressions are
collected once however many checks ask. A function's predecessor lists are
computed once after its dead blocks are gone, not again for the return block's
fold. Without Key Instructions (-O0) no atom group is opened for an assignment:
nothing would be annotated."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend import attributes
from atomc.frontend.driver import compile_preprocessed
from atomc.frontend.lower import state
from atomc.frontend.sema import calls, expressions
from atomc.ir import builder
from atomc.ir.function import Function
from atomc.options import CompileOptions

_USES = 60
_FUNCS = 12
SOURCE = '# 1 "t.c"\n' + """\
struct big { int a[4]; struct { double d; long l; } in; };
struct big cfg;
long h(long a, struct big *b, double c);
""" + "".join(f"""\
long f{k}(long x) {{
    if (x > {k}) x = x + 1;
    return x;
}}
""" for k in range(_FUNCS)) + "long g(long x) {\n" + "".join(
    f"    x = h(x + {i}, &cfg, 1.0) + cfg.in.l + cfg.a[{i % 4}];\n"
    for i in range(_USES)) + "    return x;\n}\n"


def _counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    calls_made = [0]
    real: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any) -> Any:
        calls_made[0] += 1
        return real(*args)

    monkeypatch.setattr(owner, name, counted)
    return calls_made


def _compile() -> None:
    compile_preprocessed(SOURCE, "t.c", CompileOptions(debug=True), DiagnosticEngine())


def test_one_location_context_per_location(monkeypatch: pytest.MonkeyPatch) -> None:
    made = [0]
    real_init = state.StatementAt.__init__

    def init(self: state.StatementAt, *args: Any) -> None:
        made[0] += 1
        real_init(self, *args)

    monkeypatch.setattr(state.StatementAt, "__init__", init)
    asked = _counting(monkeypatch, state.FunctionState, "at")
    locations = _counting(monkeypatch, state, "statement_location")
    _compile()
    assert asked[0] > locations[0] + 4 * _USES  # positions are lowered more than once
    # one per location made, and one without a location per function
    assert made[0] <= locations[0] + _FUNCS + 1


def test_call_types_searched_once(monkeypatch: pytest.MonkeyPatch) -> None:
    searched = _counting(monkeypatch, calls, "contains_unsupported_float")
    _compile()
    # h's result and three parameters, once (the arguments' own checks are not here)
    assert searched[0] <= 4 + 2


def test_global_object_types_searched_once(monkeypatch: pytest.MonkeyPatch) -> None:
    searched = _counting(monkeypatch, expressions, "contains_unsupported_float")
    _compile()
    assert searched[0] <= 2  # `cfg` (used 3 * _USES times), once


def test_predecessors_once_per_function(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _counting(monkeypatch, Function, "predecessors")
    _compile()  # -O0: no pass after the lowering asks
    assert asked[0] <= _FUNCS + 1 + 2


def test_attributes_collected_once_per_declaration(monkeypatch: pytest.MonkeyPatch) -> None:
    collected = _counting(monkeypatch, attributes, "_collect")
    # the struct's four members, cfg, h and its three parameters, each function and
    # its parameter (each checked by its type, alignment and symbol attributes)
    decls = 4 + 1 + 4 + 2 * (_FUNCS + 1)
    _compile()
    assert 0 < collected[0] <= decls + 2


def test_no_atom_groups_without_key_instructions(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = _counting(monkeypatch, builder.Builder, "_open_group")
    _compile()  # -O0 -g: no Key Instructions
    assert opened[0] == 0
