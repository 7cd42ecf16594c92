"""gdb at -O0: every statement's first row is `is_stmt`, as in gcc -O0's table.

gdb stops at the start of an `is_stmt` row of another line than the one it
stepped from, and a call that returns right at such a row is a stop on the
call's line. With only a line's first row marked (the classic rule), a second
statement on the line was no stop after the first one's call returned, so -O0
showed the line's values only before the line ran, where gcc -O0 also shows
them after its calls. The exact `step` paths below are gcc-12 -O0's; `next`
does not stop twice on one line in either build.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

pytestmark = [pytest.mark.gdb,
              pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")]

TWO_ON_A_LINE = """\
/* Two statements on one line. */
static int counter;

static void bump(int by)
{
    counter += by;
}

int main(void)
{
    int a = 0;
    bump(1); bump(2);
    a = counter;
    return a - 3;
}
"""

OVER_SEVERAL_LINES = """\
/* A statement that continues over several lines, after a call on its first line. */
static int counter;

static void bump(int by)
{
    counter += by;
}

static int add3(int x, int y, int z)
{
    return x + y + z;
}

int main(void)
{
    bump(1); bump(add3(2,
                       3,
                       4));
    return counter - 10;
}
"""

_STOP = re.compile(r"^(?:(\w+) \(.*\) at .*:(\d+)|(\d+)\t)", re.M)


def _build(tmp: Path, name: str, source: str, *flags: str) -> Path:
    src = tmp / f"{name}.c"
    src.write_text(source)
    exe = tmp / (name + "".join(f.replace("-", "_") for f in flags))
    subprocess.run([sys.executable, "-m", "atomc", "-O0", "-g", *flags, str(src), "-o", str(exe)],
                   check=True)
    return exe


def _path(exe: Path, command: str, count: int) -> list[str]:
    """`function:line` of each stop from `break main`, then `count` commands, in main's
    file (a stop outside it, after main returns, ends the path)."""
    cmds = ["-ex", "break main", "-ex", "run"] + ["-ex", command] * count
    out = subprocess.run(["gdb", "-q", "-batch", "-nx", *cmds, str(exe)], capture_output=True,
                         text=True, timeout=120, check=False).stdout
    path: list[str] = []
    function = "main"
    for m in _STOP.finditer(out):
        if m.group(1) is not None:
            function = m.group(1)
            if function not in ("main", "bump", "add3"):
                break
            path.append(f"{function}:{m.group(2)}")
        elif not path or path[-1] != f"{function}:{m.group(3)}":
            path.append(f"{function}:{m.group(3)}")
    return path


def _stmt_rows(exe: Path, line: int) -> int:
    """The number of `is_stmt` rows of `line`."""
    with open(exe, "rb") as f:
        dwarf = ELFFile(f).get_dwarf_info()
        cu = next(dwarf.iter_CUs())
        return sum(1 for e in dwarf.line_program_for_CU(cu).get_entries()
                   if e.state is not None and not e.state.end_sequence
                   and e.state.line == line and e.state.is_stmt)


def test_two_statements_on_a_line_stop_between_the_calls(tmp_path: Path) -> None:
    exe = _build(tmp_path, "two", TWO_ON_A_LINE)
    assert _stmt_rows(exe, 12) == 2
    # after bump(1) returns, at the start of `bump(2);`, gdb shows line 12 again
    assert _path(exe, "step", 12) == [
        "main:11", "main:12", "bump:6", "bump:7", "main:12", "bump:6", "bump:7",
        "main:13", "main:14", "main:15"]
    assert _path(exe, "next", 4) == ["main:11", "main:12", "main:13", "main:14", "main:15"]


def test_statement_over_several_lines_starts_with_a_stop(tmp_path: Path) -> None:
    exe = _build(tmp_path, "several", OVER_SEVERAL_LINES)
    # one row each for `bump(1);` and the statement from line 16 to 18: its
    # argument lines 17 and 18 have no row, so no stop, as in gcc's build
    assert _stmt_rows(exe, 16) == 2
    assert _stmt_rows(exe, 17) == _stmt_rows(exe, 18) == 0
    assert _path(exe, "step", 11) == [
        "main:16", "bump:6", "bump:7", "main:16", "add3:11", "add3:12", "bump:6", "bump:7",
        "main:19", "main:20"]
    assert _path(exe, "next", 2) == ["main:16", "main:19", "main:20"]


def test_key_instructions_at_o0_keep_their_own_rule(tmp_path: Path) -> None:
    """With -gkey-instructions only key instructions are `is_stmt` (a Key
    Instructions scope never marks a row by the statement rule); the statement
    numbers leave the code as it is without -g."""
    plain = _build(tmp_path, "two", TWO_ON_A_LINE)
    ki = _build(tmp_path, "two", TWO_ON_A_LINE, "-gkey-instructions")
    nodebug = tmp_path / "two_nodebug"
    subprocess.run([sys.executable, "-m", "atomc", "-O0", str(tmp_path / "two.c"), "-o",
                    str(nodebug)], check=True)

    def text(exe: Path) -> bytes:
        with open(exe, "rb") as f:
            return ELFFile(f).get_section_by_name(".text").data()

    assert text(plain) == text(nodebug)
    # Key Instructions (documented mode) make no stop on a line after a call
    # into another function returned to it: `bump(2);` gets none
    assert _stmt_rows(ki, 12) == 1
