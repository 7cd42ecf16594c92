"""gdb inside an atomc-built shared library loaded by a gcc-built program.

The library is position independent and loaded at an address chosen at run
time, so everything gdb reads has to be relocated by the load bias: the
line table and CFI (the breakpoint, `next`, `finish`, the backtrace into the
executable), location lists (locals in registers at -O2), and the DWARF
location of a global (`DW_OP_addr`, including `lib_counter`, which a copy
relocation moved into the executable) and of the thread-local `lib_tls`
(its offset in the library's TLS block). At -O0 the whole session must read
as with gcc -O0's library; at -O1/-O2 it must, from the breakpoint after the
loop on (before it an optimised loop may step differently).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pic_support import GCC, HERE, link

SRC = HERE / "shlib"
GDB = shutil.which("gdb")
pytestmark = [pytest.mark.gdb,
              pytest.mark.skipif(GDB is None, reason="gdb is not installed")]


def _line(marker: str) -> int:
    lines = (SRC / "shapes.c").read_text().splitlines()
    return next(i for i, text in enumerate(lines, 1) if marker in text)


AFTER_LOOP = _line("gdb: after the loop")
COMMANDS = [
    "break lib_accumulate", "run", "info symbol $pc", "bt 2", "print n", "print lib_total",
    "print lib_counter", "next", "next", "next", "next", "info locals",
    f"break shapes.c:{AFTER_LOOP}", "continue",
    "print sum", "print step", "print n", "print lib_total", "print lib_counter",
    "print lib_tls", "next",
    "print lib_bss_array[2]", "print lib_bss_array", "finish",
]


def gdb_session(prog: Path) -> list[str]:
    """The session's output, one entry per line, without addresses, paths and
    gdb's chatter about threads and libthread_db."""
    args = [GDB, "-batch", "-nx", "-ex", "set pagination off", "-ex", "set width 0"]
    for c in COMMANDS:
        args += ["-ex", c]
    env = {"LD_LIBRARY_PATH": str(prog.parent), "PATH": "/usr/bin:/bin", "HOME": str(prog.parent)}
    out = subprocess.run([*args, str(prog)], capture_output=True, text=True, timeout=120,
                         cwd=prog.parent, env=env).stdout
    lines = []
    for line in out.splitlines():
        if not line.strip() or line.startswith(("[", "Using host libthread_db", "Breakpoint 2 at")):
            continue
        line = re.sub(r"0x[0-9a-f]+", "ADDR", line)
        line = re.sub(r" \+ \d+ in section", " + OFFSET in section", line)  # prologue sizes differ
        line = re.sub(r"(/[^\s:/]+)+/([^\s:/]+)", r"\2", line)  # paths -> base names
        lines.append(line)
    return lines


def build(lib_cmd: list[str], out: Path, level: str) -> Path:
    out.mkdir()
    link([*lib_cmd, "-fPIC", "-shared", "-g", level], out / "libshapes.so", [SRC / "shapes.c"])
    prog = out / "prog"
    link([*GCC, "-g", "-O0", f"-I{SRC}"], prog, [SRC / "prog.c"], f"-L{out}", "-lshapes",
         "-pthread")
    return prog


@pytest.fixture(scope="module")
def gcc_session(tmp_path_factory) -> list[str]:
    return gdb_session(build(GCC, tmp_path_factory.mktemp("gdb-gcc") / "gcc", "-O0"))


@pytest.mark.parametrize("level", ["-O0", "-O1", "-O2"], ids=["O0", "O1", "O2"])
def test_gdb_in_atomc_shared_library(level: str, atomc_cmd, gcc_session, tmp_path: Path):
    ours = gdb_session(build(atomc_cmd, tmp_path / "atomc", level))
    assert any("lib_accumulate" in ln and "libshapes.so" in ln for ln in ours), ours
    assert any(ln.startswith("#1") and "main () at prog.c" in ln for ln in ours), ours
    assert "$1 = 10" in ours and "$2 = 0" in ours and "$3 = 16" in ours, ours
    if level == "-O0":
        assert ours == gcc_session
        return
    tail = next(i for i, ln in enumerate(gcc_session) if ln.startswith("Breakpoint 2,"))
    assert ours[len(ours) - (len(gcc_session) - tail):] == gcc_session[tail:]
