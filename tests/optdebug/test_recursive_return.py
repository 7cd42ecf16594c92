"""`step` out of a recursive call does not stop again on the call's line (issue 14).

In calls.c, `return fib(n - 1) + fib(n - 2);` makes two recursive calls. gdb's
`step` out of the first one returns into fib again; at -O0 the return address
is in the middle of a row, so gdb steps on into the second call (`fib:10
fib:7`). atomc -O2 used to start a row there (the second call's argument), and
gdb then stopped at the line's next `is_stmt` row (`fib:10 fib:9 fib:7`), a
stop -O0 never makes, about a hundred times in this program. A recursive
call's return address on the call's own line now starts no row
(src/atomc/dwarf/line_rows.py).

Checked: stepped with `step` from `main`, the stops in fib at -O2 are exactly
atomc -O0's, less line 8 (`return n;`, whose code -O2 shares with the closing
brace's return).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec

CALLS = Path(__file__).parents[1] / "lldbplugin" / "programs" / "calls.c"
ATOMC = [sys.executable, "-m", "atomc"]

pytestmark = [pytest.mark.gdb,
              pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")]


def _fib_stops(exe: Path) -> list[int]:
    spec = RunSpec(program=str(exe), step_command="step", step_limit=400, time_limit=60.0)
    trace = get_driver("gdb").trace(spec)
    assert trace.end.reason == "exited", trace.end
    return [s.line for s in trace.stops if s.function == "fib"]


def test_step_out_of_a_recursive_call_makes_no_extra_stop(tmp_path: Path) -> None:
    o2, o0 = tmp_path / "calls-O2", tmp_path / "calls-O0"
    subprocess.run([*ATOMC, "-O2", "-g", str(CALLS), "-o", str(o2)], check=True, timeout=300)
    subprocess.run([*ATOMC, "-O0", "-g", str(CALLS), "-o", str(o0)], check=True, timeout=300)
    seen = _fib_stops(o2)
    assert [a for a, b in zip(seen, seen[1:], strict=False) if (a, b) == (10, 9)] == []
    assert seen == [line for line in _fib_stops(o0) if line != 8]
