"""Static DWARF coverage, read with pyelftools (no debugger involved)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from atomc_eval.static_metrics import _intersect, _merge, static_scores


def test_range_helpers() -> None:
    assert _merge([(5, 9), (0, 2), (2, 4), (8, 12), (20, 20)]) == [(0, 4), (5, 12)]
    assert _intersect([(0, 10), (20, 30)], [(5, 25)]) == [(5, 10), (20, 25)]
    assert _intersect([(0, 4)], [(4, 8)]) == []


def test_O0_locates_every_variable_everywhere(build: Callable[..., Path]) -> None:
    scores = static_scores(str(build("loop_sum.c", "gcc-O0")))
    names = {(v.function, v.name) for v in scores.per_variable}
    assert names == {
        ("square", "v"),
        ("square", "r"),
        ("main", "argc"),
        ("main", "argv"),
        ("main", "n"),
        ("main", "total"),
        ("main", "i"),
    }
    assert (scores.with_location, scores.byte_coverage, scores.line_coverage) == (1.0, 1.0, 1.0)
    r = next(v for v in scores.per_variable if v.name == "r")
    # lines of square from r's declaration on: "int r = v * v;", "return r;", "}"
    assert (r.decl_line, r.lines, r.covered_lines) == (4, 3, 3)


def test_O2_covers_less(build: Callable[..., Path]) -> None:
    scores = static_scores(str(build("structs.c", "clang-O2")))
    assert scores.variables > 0
    assert scores.byte_coverage is not None and scores.byte_coverage < 1.0
    assert any(v.covered_bytes < v.scope_bytes for v in scores.per_variable)
    assert all(0 <= v.covered_lines <= v.lines for v in scores.per_variable)
