"""Entry values under real debuggers: in programs/entry_values.c the callee's
parameters live nowhere after its first call, and gdb and lldb must still show
them (from the caller's DW_TAG_call_site_parameter values) at the lines the
`//@ watch` expectations name. Without call sites these would be "optimized
out", which never matches an expectation."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from atomc_eval.expectations import check_file

PROGRAM = Path(__file__).parent / "programs" / "entry_values.c"


@pytest.mark.parametrize("debugger", ["gdb", "lldb"])
def test_clobbered_parameters_show_their_entry_values(debugger: str) -> None:
    if shutil.which("gdb" if debugger == "gdb" else "lldb-22") is None:
        pytest.skip(f"{debugger} is not installed")
    report = check_file(str(PROGRAM), cc=f"{sys.executable} -m atomc -O2 -g {{src}} -o {{out}}",
                        debugger=debugger)
    assert report.passed, report.render()
