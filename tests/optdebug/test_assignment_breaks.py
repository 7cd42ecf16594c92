"""`step` stops on an assignment followed by `break;` that -O2 keeps only as a
copy into the switch's join, and then on the `break;` (issue 14: recall of -O0
stepping).

mem2reg gave an edge argument its store's location only when the jump after it
was on the same line; `score = -1; break;` lost the assignment's stop (the copy
had the break's line). isel puts the copy before the jump, so the copy can keep
the assignment's line and the jump the break's: -O0's order (p07_enum_switch
`classify`, lines 35 and 39, in the eval programs).

The copy into `score`'s register overwrites the one holding `code` on the
`case 100` path; LiveDebugValues used to take the state at the end of the
block holding that path's early `je` and showed `code` as `%rdi + 1000`, which
only the fall-through path had computed (a WRONG value once the `break;` stop
came after the copy). Edges that leave a block from its middle now carry the
state there: `code` is optimised out at the `break;`, never wrong.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from optdebug_steps import debuggers, step_stops

PROGRAM = Path(__file__).parent / "programs" / "assign_break.c"
ATOMC = [sys.executable, "-m", "atomc"]



@pytest.mark.parametrize("debugger", debuggers("gdb", "lldb-atomc"))
def test_step_stops_on_the_assignment_then_the_break(tmp_path: Path, debugger: str) -> None:
    exe = tmp_path / "ab-O2"
    subprocess.run([*ATOMC, "-O2", "-g", str(PROGRAM), "-o", str(exe)], check=True, timeout=300)
    arms = [[16, 17], [19, 20], [23, 24], [26]]  # case 1, 100 (weight folded), 1001, default
    expected: list[tuple[str, int]] = []
    for k, arm in enumerate(arms):
        expected += [] if k == 0 else [("main", 35)]
        expected += [("main", 36), ("classify", 14)] + [("classify", line) for line in arm]
    expected += [("main", 37), ("main", 38), ("main", 39)]
    assert step_stops(exe, debugger) == expected


@pytest.mark.gdb
@pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")
def test_values_at_the_assignment_and_the_break(tmp_path: Path) -> None:
    """`score` shows the value before the assignment at its stop and the value
    after it at the `break;`, as at -O0; `code` is right or optimised out."""
    exe = tmp_path / "ab-O2"
    subprocess.run([*ATOMC, "-O2", "-g", str(PROGRAM), "-o", str(exe)], check=True, timeout=300)
    shown: list[str] = []
    for line in (19, 23):
        args = ["gdb", "-q", "-batch", "-nx", "-ex", f"break assign_break.c:{line}",
                "-ex", "run", "-ex", "print score", "-ex", "print code", "-ex", "next",
                "-ex", "print score", "-ex", "print code"]
        out = subprocess.run([*args, str(exe)], capture_output=True, text=True, check=False,
                             timeout=120).stdout
        shown += re.findall(r"^\$\d+ = (.+)$", out, re.M)
    assert shown[:2] == ["0", "100"] and shown[2] == "12", shown
    assert shown[3] in ("100", "<optimized out>"), shown  # was 1001 + ... (WRONG)
    assert shown[4:] == ["0", "1001", "-1", "1001"], shown
