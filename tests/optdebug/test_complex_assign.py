"""`step` stops on a long double complex assignment at -O2 (issue 14: recall of
-O0 stepping).

`sum = u + a;` on `long double complex` reaches `sum` through a temporary: the
front end's atom is on the copy, SROA splits it into part stores and mem2reg
deletes them, so the statement's additions were left without an atom and its
row was never `is_stmt` (p31_complex_long_double main:45, p30 mix:33 in the
eval programs). mem2reg now leaves a deleted key store's atom to the value it
stored, on its line (tests/lit/passes/mem2reg/atom-to-stored-value.c).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from optdebug_steps import debuggers, step_stops

PROGRAM = Path(__file__).parent / "programs" / "complex_assign.c"
ATOMC = [sys.executable, "-m", "atomc"]



@pytest.mark.parametrize("debugger", debuggers("gdb", "lldb-atomc"))
def test_step_stops_on_each_complex_assignment(tmp_path: Path, debugger: str) -> None:
    exe = tmp_path / "ca-O2"
    subprocess.run([*ATOMC, "-O2", "-g", str(PROGRAM), "-o", str(exe)], check=True, timeout=300)
    # -O0's stops less add's `}` (13): the x87 result's return keeps the `ret` on line 12
    assert step_stops(exe, debugger) == [("main", 17), ("add", 10), ("add", 11), ("add", 12),
                                     ("main", 18), ("main", 19), ("main", 20)]
