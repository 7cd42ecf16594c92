"""The gdb walk's own behaviour (`gdb_steps.py`), on a tiny program built by gcc: a
`stop_at` line that resolves to the address the function's breakpoint already stopped
at is reached there, in the first call, not by `continue` in a later call (at -O2 a line
without code of its own resolves to the next line with code, often the breakpoint's:
pcre2's `match` walk read the second call's `start_eptr` that way)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent

PROGRAM = """\
#include <stdio.h>
static volatile int sink;
__attribute__((noinline)) static int f(int n)
{
    int k = n * 3;
    sink = k;
    return k + 1;
}
int main(void)
{
    printf("%d\\n", f(1) + f(2));
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gdb") is None, reason="needs gdb")
def test_stop_at_the_breakpoint_line_stays_in_the_first_call(tmp_path: Path) -> None:
    src, exe, out = tmp_path / "walk.c", tmp_path / "walk", tmp_path / "walk.json"
    src.write_text(PROGRAM)
    subprocess.run(["gcc", "-O0", "-g", str(src), "-o", str(exe)], check=True)
    where = subprocess.run(["gdb", "-nx", "-nh", "-batch", "-ex", "break f", str(exe)],
                           capture_output=True, text=True, check=True).stdout
    line = int(re.search(r"line (\d+)\.", where).group(1))
    env = dict(os.environ, GDB_FUNCTION="f", GDB_WATCH=json.dumps(["n"]), GDB_NEXTS="2",
               GDB_RUN="> /dev/null", GDB_OUT=str(out), GDB_STOP_AT=f"walk.c:{line}")
    subprocess.run(["gdb", "-nx", "-nh", "-batch", "-x", str(HERE / "gdb_steps.py"), "--",
                    str(exe)], cwd=tmp_path, env=env, capture_output=True, text=True,
                   check=True, timeout=120)
    walk = json.loads(out.read_text())
    assert walk["problems"] == []
    tags = [(s["tag"], s["values"]["n"]) for s in walk["stops"]]
    assert tags[:2] == [("entry", "1"), ("at", "1")], tags
