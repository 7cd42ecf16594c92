"""Key Instructions: fewer backward jumps under gdb, a tie under lldb (which ignores is_stmt)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from dbgeval_helpers import skip_without
from elftools.elf.elffile import ELFFile

from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec, Trace
from atomc_eval.metrics import Scores, score

BUILDS = ("clang-O0", "clang-O2", "clang-O2-noki")


def _scores(debugger: str, build: Callable[..., Path]) -> tuple[dict[str, Trace], Scores, Scores]:
    skip_without(debugger)
    traces = {
        cfg: get_driver(debugger).trace(
            RunSpec(program=str(build("ki_backjump.c", cfg)), step_limit=500)
        )
        for cfg in BUILDS
    }
    ref = traces["clang-O0"]
    return traces, score(traces["clang-O2"], ref), score(traces["clang-O2-noki"], ref)


def _text(binary: Path) -> bytes:
    with open(binary, "rb") as fh:
        section = ELFFile(fh).get_section_by_name(".text")
        assert section is not None
        return section.data()


def test_builds_differ_only_in_the_line_table(build: Callable[..., Path]) -> None:
    assert _text(build("ki_backjump.c", "clang-O2")) == _text(
        build("ki_backjump.c", "clang-O2-noki")
    )


@pytest.mark.gdb
def test_gdb_honours_key_instructions(build: Callable[..., Path]) -> None:
    traces, ki, noki = _scores("gdb", build)
    assert ki.backward_jumps < noki.backward_jumps
    assert ki.backward_jumps == 0  # with Key Instructions rotate and twist step in source order
    assert ki.order_precision is not None and noki.order_precision is not None
    assert ki.order_precision > noki.order_precision
    assert all(s.is_stmt for s in traces["clang-O2"].stops)


@pytest.mark.lldb
def test_lldb_ignores_is_stmt_so_both_builds_tie(build: Callable[..., Path]) -> None:
    traces, ki, noki = _scores("lldb", build)
    assert ki.backward_jumps == noki.backward_jumps > 0
    lines = {
        cfg: [(s.function, s.line) for s in traces[cfg].stops]
        for cfg in ("clang-O2", "clang-O2-noki")
    }
    assert lines["clang-O2"] == lines["clang-O2-noki"]
    # lldb stops on rows that Key Instructions left without is_stmt
    assert any(s.is_stmt is False for s in traces["clang-O2"].stops)
