"""Float constants in variable locations: in programs/float_consts.c, -O2 folds
`d`, `f` and `e` to constants, so their records hold float constants. gdb and
lldb must show the values the `//@ watch` expectations name (optimized out
never matches one)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from atomc_eval.expectations import check_file

PROGRAM = Path(__file__).parent / "programs" / "float_consts.c"


@pytest.mark.parametrize("debugger", ["gdb", "lldb"])
def test_float_constants_show_their_values(debugger: str) -> None:
    if shutil.which("gdb" if debugger == "gdb" else "lldb-22") is None:
        pytest.skip(f"{debugger} is not installed")
    report = check_file(str(PROGRAM), cc=f"{sys.executable} -m atomc -O2 -g {{src}} -o {{out}}",
                        debugger=debugger)
    assert report.passed, report.render()
