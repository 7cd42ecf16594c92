"""A loop whose condition is a `?:` macro stops at its head (issue 14, json-c's
`while (PEEK_CHAR(c, tok))` at json_tokener.c:344).

The condition `off == len ? (... ? (err = 0, 0) : (err = 1, 0)) : (c = *str, 1)`
is lowered as Clang lowers a condition: a branch on `off == len`, then a branch
on the arm it chose. Lowered as a value with one branch on it, jump threading
folded that branch into the arms, so the line's only key instructions were the
arms' stores and the loop head's test had no `is_stmt`: `tbreak FILE:16` went on
the `err = 0` store, which this run never reaches, and gdb never stopped.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = Path(__file__).parent / "programs" / "peek_macro_loop.c"
ATOMC = [sys.executable, "-m", "atomc"]
LOOP_LINE = 16

pytestmark = [pytest.mark.gdb,
              pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")]


def _walk(exe: Path) -> list[str]:
    """The stop of `tbreak` on the loop line, the values there, then seven `next`s."""
    args = ["gdb", "-q", "-batch", "-nx", "-ex", f"tbreak {PROGRAM.name}:{LOOP_LINE}",
            "-ex", "run", "-ex", "print t->off", "-ex", "print n",
            *[a for _ in range(7) for a in ("-ex", "next")], "-ex", "print c", str(exe)]
    out = subprocess.run(args, capture_output=True, text=True, timeout=120,
                         check=False).stdout
    return [m.group(0) for m in re.finditer(r"^(?:\d+\t.*|\$\d+ = .*)$", out, re.M)]


def test_tbreak_on_a_macro_loop_condition_stops_at_the_loop_head(tmp_path: Path) -> None:
    exe = tmp_path / "peek-O2"
    subprocess.run([*ATOMC, "-O2", "-g", str(PROGRAM), "-o", str(exe)], check=True,
                   timeout=300)
    ref = tmp_path / "peek-gcc-O0"
    subprocess.run(["gcc", "-O0", "-g", str(PROGRAM), "-o", str(ref)], check=True,
                   timeout=120)
    expected = [f"{LOOP_LINE}\t    while (PEEK(c, t))", "$1 = 0", "$2 = 0",
                "18\t        n += c;", "19\t        if (c == 'x')", "21\t        t->off++;",
                "22\t        str++;", f"{LOOP_LINE}\t    while (PEEK(c, t))",
                "18\t        n += c;", "19\t        if (c == 'x')", "$3 = 98 'b'"]
    assert _walk(ref) == expected
    assert _walk(exe) == expected
