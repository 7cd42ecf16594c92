"""lldb-22 at -O0: the same differential checks as test_gdb_o0.py, on the
programs whose header says ``//! lldb``, through atomc_eval's lldb driver.
(lldb ignores is_stmt when stepping, so its paths are compared as recorded.)
"""

from __future__ import annotations

from pathlib import Path

import dbgtest_checks as checks
import pytest
from dbgtest_checks import Builds
from dbgtest_support import Program, all_programs

from atomc_eval.drivers import get_driver

DEBUGGER = "lldb"
PROGRAMS = [p for p in all_programs() if p.lldb]

pytestmark = pytest.mark.lldb


@pytest.fixture(autouse=True)
def _need_lldb() -> None:
    reason = get_driver(DEBUGGER).unavailable_reason()
    if reason is not None:
        pytest.skip(f"lldb unavailable: {reason}")


def test_enough_programs() -> None:
    assert len(PROGRAMS) >= 10


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
