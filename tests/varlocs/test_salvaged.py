"""Salvaged records under real debuggers: in programs/salvaged.c, -O2 deletes
the computations of `y = x + 5`, `z = x * 3`, `w = x - 9` and `s = k << 2`
(their variables are never used); dead-code elimination rewrites each record
to an expression over the surviving operand, and the back end must keep that
expression through to the location list (over a register or the parameter's
entry value). gdb and lldb must show the values the `//@ watch` expectations
name; dropping the expression would show "optimized out", which never
matches an expectation."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from atomc_eval.expectations import check_file

PROGRAM = Path(__file__).parent / "programs" / "salvaged.c"


@pytest.mark.parametrize("debugger", ["gdb", "lldb"])
def test_salvaged_variables_show_their_values(debugger: str) -> None:
    if shutil.which("gdb" if debugger == "gdb" else "lldb-22") is None:
        pytest.skip(f"{debugger} is not installed")
    report = check_file(str(PROGRAM), cc=f"{sys.executable} -m atomc -O2 -g {{src}} -o {{out}}",
                        debugger=debugger)
    assert report.passed, report.render()
