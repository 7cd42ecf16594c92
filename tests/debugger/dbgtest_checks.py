"""The four differential checks, shared by test_gdb_o0.py and test_lldb_o0.py.

Each takes the debugger's name, records gcc's build (the reference) and
atomc's build the same way, and asserts they show the same thing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from dbgtest_support import (
    BUG_NO_CLOSING_BRACE,
    Build,
    Program,
    brace_after_return_lines,
    break_trace,
    cached_trace,
    check_expectations,
    compare_break,
    compare_paths,
    compare_records,
    first_stop_at,
    known_bug,
    probe_cached,
    step_path,
    step_trace,
)

from atomc_eval.drivers.base import Trace

Builds = Callable[[Program], tuple[Build, Build]]


def break_cases(debugger: str, programs: list[Program]) -> list[object]:
    return [
        pytest.param(p, label, id=f"{p.name}-{label}", marks=known_bug(debugger, "break", f"{p.name}-{label}"))
        for p in programs
        for label in p.breaks
    ]


def step_cases(debugger: str, programs: list[Program], test: str = "step") -> list[object]:
    cases = []
    for p in programs:
        for command, function, count in p.steps:
            case = f"{p.name}-{command}-{function}"
            marks = known_bug(debugger, test, case)
            cases.append(pytest.param(p, command, function, count, id=case, marks=marks))
    return cases


def program_cases(debugger: str, programs: list[Program], test: str) -> list[object]:
    return [pytest.param(p, id=p.name, marks=known_bug(debugger, test, p.name)) for p in programs]


def break_values_trace(debugger: str, program: Program, binary: Path, root: Path) -> Trace:
    """One build's stops at all the program's ``break`` lines, recorded once per session."""
    key = f"{program.name}.{binary.suffix[1:]}.{debugger}.breaks"
    return cached_trace(root, key, lambda: break_trace(debugger, program, binary))


def check_break(debugger: str, program: Program, label: str, builds: Builds, root: Path) -> None:
    """(a) Every parameter, earlier local, global and watch agrees at the line."""
    gcc, atomc = builds(program)
    line = program.line_of(label)
    ref = first_stop_at(break_values_trace(debugger, program, gcc.binary, root), line)
    assert ref.stops and ref.stops[0].line == line, f"gcc's build did not stop at line {line}: {ref.end}"
    bad_test = check_expectations(program, ref, line)
    assert not bad_test, f"the test's own expectations fail on gcc's build: {bad_test}"
    got = first_stop_at(break_values_trace(debugger, program, atomc.binary, root), line)
    problems = compare_break(ref, got) + check_expectations(program, got, line)
    assert not problems, f"{program.name}.c:{line} ({label}):\n" + "\n".join(problems)


def step_traces(
    debugger: str, program: Program, command: str, function: str, count: int, builds: Builds, root: Path
) -> tuple[Trace, Trace]:
    gcc, atomc = builds(program)
    traces = []
    for built in (gcc, atomc):
        key = f"{program.name}.{built.binary.suffix[1:]}.{debugger}.{command}.{function}"
        traces.append(
            cached_trace(root, key, lambda b=built: step_trace(debugger, program, b.binary, command, function, count))
        )
    ref, got = traces
    assert ref.end.reason in ("step-limit", "exited"), f"gcc trace ended: {ref.end}"
    assert got.end.reason in ("step-limit", "exited"), f"atomc trace ended: {got.end}"
    return ref, got


def check_step(
    debugger: str, program: Program, command: str, function: str, count: int, builds: Builds, root: Path
) -> None:
    """(b) ``step``/``next`` from a function's entry visit the same lines.

    Closing braces after a final ``return`` are left to check_step_closing_brace.
    """
    ref, got = step_traces(debugger, program, command, function, count, builds, root)
    braces = brace_after_return_lines(program)
    ref_path, got_path = step_path(ref, braces), step_path(got, braces)
    assert len(ref_path) >= 4, f"too few stops to compare: {ref_path}"
    diff = compare_paths(ref_path, got_path, ref.end.reason == "exited", got.end.reason == "exited")
    assert diff is None, f"{program.name}.c `{command}` from {function} ({debugger}): {diff}"


def check_step_closing_brace(
    debugger: str, program: Program, command: str, function: str, count: int, builds: Builds, root: Path
) -> None:
    """(b) The full paths, stops on the closing brace after a final ``return`` included.

    Fails as expected (bug B1) when leaving those braces out is all it takes
    to make the paths agree; skipped when gcc's path never reaches one.
    """
    ref, got = step_traces(debugger, program, command, function, count, builds, root)
    braces = brace_after_return_lines(program)
    ref_path, got_path = step_path(ref), step_path(got)
    if not any(int(s.rsplit(":", 1)[1]) in braces for s in ref_path):
        pytest.skip("gcc's path never stops on a closing brace after a return")
    ref_done, got_done = ref.end.reason == "exited", got.end.reason == "exited"
    diff = compare_paths(ref_path, got_path, ref_done, got_done)
    if diff is None:
        return
    if compare_paths(step_path(ref, braces), step_path(got, braces), ref_done, got_done) is None:
        pytest.xfail(BUG_NO_CLOSING_BRACE + f" ({diff.splitlines()[0]})")
    raise AssertionError(f"{program.name}.c `{command}` from {function} ({debugger}): {diff}")


def check_finish(debugger: str, program: Program, builds: Builds, root: Path) -> None:
    """(c) ``finish`` shows the same returned value and lands on the same line."""
    gcc, atomc = builds(program)
    ref = probe_cached(debugger, program, "gcc", gcc, root)["finish"]
    got = probe_cached(debugger, program, "atomc", atomc, root)["finish"]
    assert "error" in ref or ref["value"] is not None, "finish target returns void: nothing to compare"
    problems = compare_records(ref, got)
    assert not problems, f"{program.name}.c finish out of {program.finish} ({debugger}):\n" + "\n".join(problems)


def check_backtrace(debugger: str, program: Program, builds: Builds, root: Path) -> None:
    """(d) ``bt`` three or more frames deep: same functions, arguments and lines."""
    gcc, atomc = builds(program)
    ref = probe_cached(debugger, program, "gcc", gcc, root)["bt"]
    got = probe_cached(debugger, program, "atomc", atomc, root)["bt"]
    assert "error" in ref or len(ref["frames"]) >= 3, f"bt is not 3 frames deep in gcc's build: {ref}"
    problems = compare_records(ref, got)
    assert not problems, f"{program.name}.c bt at {program.bt} ({debugger}):\n" + "\n".join(problems)
