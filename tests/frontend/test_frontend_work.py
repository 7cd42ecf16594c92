"""Work the checker does once per distinct thing, counted, not timed.

Integer constants are a few spellings repeated (0, 1, a header's macros): each
spelling is decoded once per compile (ExpressionChecker.int_constants). A node's
coordinate is shared by the nodes built on it and asked for its position several
times: one `Pos` is made per coordinate that names its file (Sema.pos)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend import scopes
from atomc.frontend.driver import compile_preprocessed
from atomc.frontend.sema import core, expressions
from atomc.options import CompileOptions

_USES = 120
SOURCE = '# 1 "t.c"\n' + "int g[4];\nint f(int x) {\n" + "".join(
    f"    x = x * 1 + 0x10 - 7 + g[{i % 4}];\n" for i in range(_USES)) + "    return x;\n}\n"


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    calls = [0]
    real: Callable[..., Any] | None = getattr(module, name, None)
    if real is None:  # (a version without it: nothing to count)
        return calls

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(module, name, counted)
    return calls


def _compile() -> None:
    compile_preprocessed(SOURCE, "t.c", CompileOptions(), DiagnosticEngine())  # raises on errors


def test_integer_spellings_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    decoded = _counting(monkeypatch, expressions, "int_literal")
    _compile()
    # 1, 0x10, 7, 0..3 (subscripts) and 4 (the array bound, checked as a constant)
    assert decoded[0] <= 8


def test_one_position_per_coordinate(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _counting(monkeypatch, core, "new_pos")
    made_slowly = _counting(monkeypatch, core, "Pos")  # no isinstance on the error-free path
    coords: list[object] = []
    real = core.Sema.pos

    def pos(self: core.Sema, node: Any, fallback: Any = None) -> Any:
        coords.append(getattr(node, "coord", None))
        return real(self, node, fallback)

    monkeypatch.setattr(core.Sema, "pos", pos)
    _compile()
    distinct = len({id(c) for c in coords if c is not None})
    assert len(coords) > distinct * 1.2  # coordinates are asked for more than once
    # operator_pos makes one more per operator found in the line's text (5 a line)
    assert made[0] + made_slowly[0] <= distinct + 5 * _USES + 10
    assert scopes.new_pos("t.c", 1, 1) == scopes.Pos("t.c", 1, 1)
