"""The back end reads the CPU clock only for --time-passes, counted, not timed.

`time.process_time` is a system call (5-10 us each between stretches of
compiling on the machines measured), and the back end enters a stage per pass
per function: 80,000 reads and 0.6 s in an -O0 -g compile of sqlite3 that
printed no times."""

from __future__ import annotations

import time

import pytest

from atomc.codegen import generate_assembly
from atomc.diag import DiagnosticEngine
from atomc.frontend.driver import compile_preprocessed
from atomc.ir import work
from atomc.options import CompileOptions

SOURCE = "".join(f"int f{i}(int x) {{ return x * {i} + (x > {i}); }}\n" for i in range(8))


class _CountingClock:
    """`work.time` in the test: counts the CPU-clock reads."""

    def __init__(self) -> None:
        self.reads = 0

    def process_time(self) -> float:
        self.reads += 1
        return time.process_time()


def _back_end_reads(monkeypatch: pytest.MonkeyPatch, time_passes: bool) -> int:
    opts = CompileOptions(opt_level=0, debug=True, time_passes=time_passes)
    module = compile_preprocessed(SOURCE, "t.c", opts, DiagnosticEngine())
    clock = _CountingClock()
    monkeypatch.setattr(work, "time", clock)
    generate_assembly(module, opts)
    monkeypatch.undo()
    return clock.reads


def test_no_clock_read_without_time_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _back_end_reads(monkeypatch, False) == 0


def test_time_passes_still_times_every_stage(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # two reads per stage entered: isel, the -O0 machine passes, the debug-info
    # stages and the printer, for each of the 8 functions
    assert _back_end_reads(monkeypatch, True) >= 2 * 8 * 10
    report = capsys.readouterr().err
    for name in ("isel", "regalloc-fast", "line-rows", "asm-printer", "DWARF"):
        assert f"  {name}\n" in report
