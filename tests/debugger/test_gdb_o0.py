"""gdb at -O0: atomc's build of each program must debug like gcc's build.

For every program in ``programs/`` (see README.md for the header format):
variables at labelled lines, ``step``/``next`` paths, ``finish`` values,
``bt`` through three or more frames, and ``llvm-dwarfdump-22 --verify``.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from dbgtest_support import (
    DWARFDUMP,
    Build,
    Program,
    all_programs,
    BUG_NO_CLOSING_BRACE,
    break_trace,
    cached_trace,
    closing_brace_lines,
    check_expectations,
    compare_break,
    compare_paths,
    compare_records,
    probe_cached,
    step_path,
    step_trace,
)

from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import Trace

DEBUGGER = "gdb"
PROGRAMS = all_programs()

pytestmark = pytest.mark.gdb

Builds = Callable[[Program], tuple[Build, Build]]


@pytest.fixture(autouse=True)
def _need_gdb() -> None:
    reason = get_driver(DEBUGGER).unavailable_reason()
    if reason is not None:
        pytest.skip(f"gdb unavailable: {reason}")


def _break_cases() -> list[object]:
    return [pytest.param(p, label, id=f"{p.name}-{label}") for p in PROGRAMS for label in p.breaks]


def _step_cases() -> list[object]:
    return [
        pytest.param(p, command, function, count, id=f"{p.name}-{command}-{function}")
        for p in PROGRAMS
        for command, function, count in p.steps
    ]


def _by_program() -> list[object]:
    return [pytest.param(p, id=p.name) for p in PROGRAMS]


def test_enough_programs() -> None:
    assert len(PROGRAMS) >= 25


@pytest.mark.parametrize(("program", "label"), _break_cases())
def test_break_values(program: Program, label: str, builds: Builds) -> None:
    """(a) Every parameter, earlier local, global and watch agrees at the line."""
    gcc, atomc = builds(program)
    line = program.line_of(label)
    ref = break_trace(DEBUGGER, program, gcc.binary, label)
    assert ref.stops and ref.stops[0].line == line, f"gcc's build did not stop at line {line}: {ref.end}"
    bad_test = check_expectations(program, ref, line)
    assert not bad_test, f"the test's own expectations fail on gcc's build: {bad_test}"
    got = break_trace(DEBUGGER, program, atomc.binary, label)
    problems = compare_break(ref, got) + check_expectations(program, got, line)
    assert not problems, f"{program.name}.c:{line} ({label}):\n" + "\n".join(problems)


def _step_traces(program: Program, command: str, function: str, count: int, builds: Builds, root: Path) -> tuple[Trace, Trace]:
    gcc, atomc = builds(program)
    traces = []
    for built in (gcc, atomc):
        key = f"{program.name}.{built.binary.suffix[1:]}.{DEBUGGER}.{command}.{function}"
        traces.append(
            cached_trace(root, key, lambda b=built: step_trace(DEBUGGER, program, b.binary, command, function, count))
        )
    ref, got = traces
    assert ref.end.reason in ("step-limit", "exited"), f"gcc trace ended: {ref.end}"
    assert got.end.reason in ("step-limit", "exited"), f"atomc trace ended: {got.end}"
    return ref, got


@pytest.mark.parametrize(("program", "command", "function", "count"), _step_cases())
def test_step_path(program: Program, command: str, function: str, count: int, builds: Builds, build_root: Path) -> None:
    """(b) ``step``/``next`` from the entry of a function visit the same lines.

    Stops on a function's closing brace are compared by test_step_closing_brace.
    """
    ref, got = _step_traces(program, command, function, count, builds, build_root)
    braces = closing_brace_lines(program)
    ref_path, got_path = step_path(ref, braces), step_path(got, braces)
    assert len(ref_path) >= 4, f"too few stops to compare: {ref_path}"
    diff = compare_paths(ref_path, got_path, ref.end.reason == "exited", got.end.reason == "exited")
    assert diff is None, f"{program.name}.c `{command}` from {function}: {diff}"


@pytest.mark.xfail(strict=True, reason=BUG_NO_CLOSING_BRACE)
@pytest.mark.parametrize(("program", "command", "function", "count"), _step_cases())
def test_step_closing_brace(
    program: Program, command: str, function: str, count: int, builds: Builds, build_root: Path
) -> None:
    """(b) The full paths, stops on closing braces included."""
    ref, got = _step_traces(program, command, function, count, builds, build_root)
    braces = closing_brace_lines(program)
    ref_path = step_path(ref)
    if not any(int(s.rsplit(":", 1)[1]) in braces for s in ref_path):
        pytest.skip("gcc's path does not reach a closing brace")
    diff = compare_paths(ref_path, step_path(got), ref.end.reason == "exited", got.end.reason == "exited")
    assert diff is None, f"{program.name}.c `{command}` from {function}: {diff}"


@pytest.mark.parametrize("program", _by_program())
def test_finish(program: Program, builds: Builds, build_root: Path) -> None:
    """(c) ``finish`` shows the same "Value returned" and lands on the same line."""
    gcc, atomc = builds(program)
    ref = probe_cached(DEBUGGER, program, "gcc", gcc, build_root)["finish"]
    got = probe_cached(DEBUGGER, program, "atomc", atomc, build_root)["finish"]
    assert "error" in ref or ref["value"] is not None, "finish target returns void: nothing to compare"
    problems = compare_records(ref, got)
    assert not problems, f"{program.name}.c finish out of {program.finish}:\n" + "\n".join(problems)


@pytest.mark.parametrize("program", _by_program())
def test_backtrace(program: Program, builds: Builds, build_root: Path) -> None:
    """(d) ``bt`` three or more frames deep: same functions, arguments and lines."""
    gcc, atomc = builds(program)
    ref = probe_cached(DEBUGGER, program, "gcc", gcc, build_root)["bt"]
    got = probe_cached(DEBUGGER, program, "atomc", atomc, build_root)["bt"]
    assert "error" in ref or len(ref["frames"]) >= 3, f"bt is not 3 frames deep in gcc's build: {ref}"
    problems = compare_records(ref, got)
    assert not problems, f"{program.name}.c bt at {program.bt}:\n" + "\n".join(problems)


@pytest.mark.skipif(shutil.which(DWARFDUMP) is None, reason=f"{DWARFDUMP} is not installed")
@pytest.mark.parametrize("compiler", ["atomc", "gcc"])
@pytest.mark.parametrize("program", _by_program())
def test_dwarfdump_verify(program: Program, compiler: str, builds: Builds) -> None:
    """Every binary this suite builds passes ``llvm-dwarfdump-22 --verify``."""
    gcc, atomc = builds(program)
    built = atomc if compiler == "atomc" else gcc
    assert built.verify_ok, f"{DWARFDUMP} --verify {built.binary}:\n{built.verify_output}"
