"""Per-function optimisation control under real debuggers: in an -O2 -g build,
a function marked `optnone`, `optimize("O0")` or compiled under
`#pragma GCC optimize ("O0")` is stepped with `next` under gdb and lldb from
its entry to its return, and at every stop it must show the same line and the
same value of every parameter and local as the -O0 build does there. A plain
function with the same body is the control: -O2 must change what it shows
(it is inlined, its variables live in registers or are gone), so the test
would notice the attributes being ignored. The machine code of each is also
the -O0 build's, instruction for instruction."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec

PROGRAM = Path(__file__).parent / "optlevel" / "keep_debuggable.c"
KERNELS = ("kernel_optnone", "kernel_o0", "kernel_pragma")
CONTROL = "kernel_plain"
DEBUGGERS = ("gdb", "lldb")

Observation = tuple[int, tuple[tuple[str, str | None], ...]]

needs_debuggers = pytest.mark.skipif(
    shutil.which("gdb") is None or shutil.which("lldb-22") is None,
    reason="gdb and lldb-22 are needed")


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("optlevel")
    binaries = {}
    for level in ("O0", "O2"):
        binary = out / f"keep_debuggable.{level}"
        subprocess.run([sys.executable, "-m", "atomc", f"-{level}", "-g", str(PROGRAM),
                        "-o", str(binary)], check=True, timeout=300)
        binaries[level] = binary
    return binaries


def observations(debugger: str, binary: Path, function: str) -> list[Observation]:
    """(line, every parameter and local declared above it with its value) at each
    stop inside `function`, from its breakpoint on, stepping with `next`."""
    spec = RunSpec(program=str(binary), breakpoints=(function,), step_command="next",
                   step_limit=150, time_limit=120.0, source_dirs=(str(PROGRAM.parent),))
    trace = get_driver(debugger).trace(spec, config=binary.suffix.lstrip("."),
                                       source=str(PROGRAM))
    out = []
    for stop in trace.stops:
        if stop.function != function:
            continue
        shown = tuple(sorted((v.name, _comparable(v.value, v.kind)) for v in stop.variables
                             if v.scope != "global" and 0 < v.decl_line < stop.line))
        out.append((stop.line, shown))
    return out


def _comparable(value: str | None, kind: str) -> str | None:
    """A pointer (`a`, main's array on a stack laid out differently at -O0) as
    null or non-null; everything else as printed."""
    if kind != "ptr" or value is None:
        return value
    return "null" if int(value, 16) == 0 else "non-null"


@needs_debuggers
@pytest.mark.parametrize("debugger", DEBUGGERS)
@pytest.mark.parametrize("function", KERNELS)
def test_function_shows_its_O0_values_inside_an_O2_build(builds: dict[str, Path],
                                                          debugger: str, function: str) -> None:
    at_o0 = observations(debugger, builds["O0"], function)
    at_o2 = observations(debugger, builds["O2"], function)
    # the loop runs at least three times: every statement of the body is visited
    assert len(at_o0) >= 20, at_o0
    names = {name for _, shown in at_o0 for name, _ in shown}
    assert {"a", "n", "scale", "sum", "unused", "last", "i", "t", "swapped"} <= names, names
    assert at_o2 == at_o0


@needs_debuggers
@pytest.mark.parametrize("debugger", DEBUGGERS)
def test_the_plain_function_is_optimised(builds: dict[str, Path], debugger: str) -> None:
    """The control: without an attribute -O2 shows something else (the same
    comparison would fail), so the kernels' equality is the attributes' doing."""
    at_o0 = observations(debugger, builds["O0"], CONTROL)
    assert len(at_o0) >= 20, at_o0
    assert observations(debugger, builds["O2"], CONTROL) != at_o0


def machine_code(binary: Path, function: str) -> list[str]:
    """`function`'s instructions as objdump prints them, addresses and the
    offsets of branch targets and symbols removed (they move with the layout)."""
    text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(binary)], check=True,
                          capture_output=True, text=True, timeout=120).stdout
    body = text.split(f"<{function}>:\n", 1)[1].split("\n\n", 1)[0]
    return [re.sub(r"\b[0-9a-f]+ <[^>]*>", "<target>", line.split(":", 1)[1].strip())
            for line in body.splitlines()]


@pytest.mark.parametrize("function", KERNELS)
def test_machine_code_is_the_O0_builds(builds: dict[str, Path], function: str) -> None:
    """The back end compiled it as at -O0: the same instructions as in the -O0
    build (fast allocator, frame pointer, every value through its stack slot),
    while the control is compiled differently."""
    at_o0 = machine_code(builds["O0"], function)
    assert len(at_o0) > 50 and any("%rbp" in line for line in at_o0)
    assert machine_code(builds["O2"], function) == at_o0
    if f"<{CONTROL}>:" in subprocess.run(["objdump", "-d", str(builds["O2"])], check=True,
                                         capture_output=True, text=True).stdout:
        assert machine_code(builds["O2"], CONTROL) != machine_code(builds["O0"], CONTROL)
