"""gdb's `step` stops on an assignment that -O2 keeps only as a copy into a
join (issue 14: recall of -O0 stepping).

mem2reg deletes the store `out = 3;` and passes 3 to the `if`'s join as a
block argument; the copy out-of-SSA makes for it (`mov $3, %reg` before the
jump) used to carry the jump's line, so gdb never stopped on the assignment.
The argument now keeps the store's location and atom (an `EdgeArg`), the copy
is that atom's key instruction, and each call stops on the arm it takes, as
the -O0 build does (tests/lit/dwarf/assignment-copy-rows.c has the rows).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = Path(__file__).parent / "programs" / "assign_copy.c"
ATOMC = [sys.executable, "-m", "atomc"]

pytestmark = [pytest.mark.gdb,
              pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")]

_STOP = re.compile(r"^(?:(\w+) \(.*\) at \S+:(\d+)|(\d+)\t.*)$")


def _steps(exe: Path, until: int) -> list[tuple[str, int]]:
    """(function, line) of each stop of `step` from main's breakpoint to the
    first stop on line `until` of main."""
    args = ["gdb", "-q", "-batch", "-nx", "-ex", "break main", "-ex", "run"]
    args += ["-ex", "step"] * 60
    out = subprocess.run([*args, str(exe)], capture_output=True, text=True, check=False,
                         timeout=120).stdout
    stops: list[tuple[str, int]] = []
    fn = "main"
    framed = False  # a frame line is followed by its source line: one stop
    for line in out.splitlines():
        m = _STOP.match(line)
        if m is None:
            continue
        if m.group(1):
            fn = m.group(1)
        elif framed:
            framed = False
            continue
        framed = bool(m.group(1))
        stops.append((fn, int(m.group(2) or m.group(3))))
        if stops[-1] == ("main", until):
            return stops
    raise AssertionError(out)


def _expected() -> list[tuple[str, int]]:
    seq: list[tuple[str, int]] = [("main", 28)]
    for arm in (15, 17, 13):  # '1' is a digit, ' ' a space, then the end
        seq += [("main", 29), ("next_state", 12)]
        seq += [("next_state", 14)] if arm != 13 else []
        seq += [("next_state", arm), ("next_state", 18), ("next_state", 19),
                ("main", 30), ("main", 28)]
    return seq + [("main", 32)]


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_step_stops_on_each_assignment_taken(tmp_path: Path, level: str) -> None:
    exe = tmp_path / f"assign_copy{level}"
    subprocess.run([*ATOMC, level, "-g", str(PROGRAM), "-o", str(exe)], check=True,
                   timeout=300)
    stops = _steps(exe, 32)
    arms = [line for fn, line in stops if fn == "next_state" and line in (13, 15, 17)]
    assert arms == [15, 17, 13], stops  # the assignment of each call's arm
    if level == "-O2":
        assert stops == _expected(), stops


def test_the_assignment_stop_shows_the_value_before_it(tmp_path: Path) -> None:
    """At the copy's stop `out` still holds `cur`, as at -O0 (isel lowers the
    variable's record after the copy): the first call's arm `out = 1;` shows 0."""
    exe = tmp_path / "assign_copy"
    subprocess.run([*ATOMC, "-O2", "-g", str(PROGRAM), "-o", str(exe)], check=True, timeout=300)
    args = ["gdb", "-q", "-batch", "-nx", "-ex", "break assign_copy.c:15", "-ex", "run",
            "-ex", "print out", "-ex", "next", "-ex", "print out"]
    out = subprocess.run([*args, str(exe)], capture_output=True, text=True, check=False,
                         timeout=120).stdout
    values = re.findall(r"^\$\d+ = (-?\d+)$", out, re.M)
    assert values == ["0", "1"], out
