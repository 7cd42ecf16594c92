"""gdb at -O0: atomc's build of each program must debug like gcc's build.

For every program in ``programs/`` (header format in README.md): variables
at labelled lines, ``step``/``next`` paths, ``finish`` values, ``bt`` three
or more frames deep, and ``llvm-dwarfdump-22 --verify`` on every binary.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import dbgtest_checks as checks
import pytest
from dbgtest_checks import Builds
from dbgtest_support import DWARFDUMP, Program, all_programs

from atomc_eval.drivers import get_driver

DEBUGGER = "gdb"
PROGRAMS = all_programs()

pytestmark = pytest.mark.gdb


@pytest.fixture(autouse=True)
def _need_gdb() -> None:
    reason = get_driver(DEBUGGER).unavailable_reason()
    if reason is not None:
        pytest.skip(f"gdb unavailable: {reason}")


def test_enough_programs() -> None:
    assert len(PROGRAMS) >= 25


@pytest.mark.parametrize(("program", "label"), checks.break_cases(DEBUGGER, PROGRAMS))
def test_break_values(program: Program, label: str, builds: Builds, build_root: Path) -> None:
    checks.check_break(DEBUGGER, program, label, builds, build_root)


@pytest.mark.parametrize(("program", "command", "function", "count"), checks.step_cases(DEBUGGER, PROGRAMS))
def test_step_path(program: Program, command: str, function: str, count: int, builds: Builds, build_root: Path) -> None:
    checks.check_step(DEBUGGER, program, command, function, count, builds, build_root)


@pytest.mark.parametrize(("program", "command", "function", "count"), checks.step_cases(DEBUGGER, PROGRAMS))
def test_step_closing_brace(
    program: Program, command: str, function: str, count: int, builds: Builds, build_root: Path
) -> None:
    checks.check_step_closing_brace(DEBUGGER, program, command, function, count, builds, build_root)


@pytest.mark.parametrize("program", checks.program_cases(DEBUGGER, PROGRAMS, "finish"))
def test_finish(program: Program, builds: Builds, build_root: Path) -> None:
    checks.check_finish(DEBUGGER, program, builds, build_root)


@pytest.mark.parametrize("program", checks.program_cases(DEBUGGER, PROGRAMS, "bt"))
def test_backtrace(program: Program, builds: Builds, build_root: Path) -> None:
    checks.check_backtrace(DEBUGGER, program, builds, build_root)


@pytest.mark.skipif(shutil.which(DWARFDUMP) is None, reason=f"{DWARFDUMP} is not installed")
@pytest.mark.parametrize("compiler", ["atomc", "gcc"])
@pytest.mark.parametrize("program", checks.program_cases(DEBUGGER, PROGRAMS, "dwarf"))
def test_dwarfdump_verify(program: Program, compiler: str, builds: Builds) -> None:
    """Every binary this suite builds passes ``llvm-dwarfdump-22 --verify``."""
    gcc, atomc = builds(program)
    built = atomc if compiler == "atomc" else gcc
    assert built.verify_ok, f"{DWARFDUMP} --verify {built.binary}:\n{built.verify_output}"
