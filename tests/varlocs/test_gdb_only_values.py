"""-O2 values that gdb can be given but lldb-22 cannot, checked in both: the
`//@ watch` values must show under gdb, and lldb must show the variable
unavailable rather than a wrong value (it has no form that is right there).

* struct_pieces.c: a struct in one register per member after one member's
  register is reused; the lost member is an empty `DW_OP_bit_piece`, which gdb
  shows as `<optimized out>` and lldb refuses (an empty `DW_OP_piece` it reads
  as zero bytes). Before: the whole struct optimized out in both.
* inlined_entry_value.c: an inlined instance's parameter and local whose value is
  the enclosing function's entry value, after the register is reused: gdb
  resolves DW_OP_entry_value in the function's frame (it skips inline frames);
  lldb-22 does not inside an inlined frame. Before: optimized out in both.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from atomc_eval.expectations import CheckReport, check_file

PROGRAMS = ["struct_pieces.c", "inlined_entry_value.c"]
CC = f"{sys.executable} -m atomc -O2 -g {{src}} -o {{out}}"


def _report(program: str, debugger: str, tool: str) -> CheckReport:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed")
    return check_file(str(Path(__file__).parent / "programs" / program), cc=CC,
                      debugger=debugger)


@pytest.mark.parametrize("program", PROGRAMS)
def test_gdb_shows_the_watched_values(program: str) -> None:
    report = _report(program, "gdb", "gdb")
    assert report.passed, report.render()


@pytest.mark.parametrize("program", PROGRAMS)
def test_lldb_shows_no_wrong_value(program: str) -> None:
    report = _report(program, "lldb", "lldb-22")
    for outcome in report.outcomes:
        assert outcome.passed or "(saw no values)" in outcome.message, report.render()
