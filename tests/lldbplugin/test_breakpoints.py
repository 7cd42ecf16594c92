"""``b FILE:LINE`` with atomc's lldb plugin places gdb's locations: statement rows
only, one per inlined copy of the line, on every line of a program."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from lldbplugin_support import source

from atomc_eval.drivers.lldb_driver import plugin_path

pytestmark = [pytest.mark.gdb, pytest.mark.lldb, pytest.mark.usefixtures("debuggers")]


def _gdb_locations(exe: Path, file: str, lines: range) -> dict[int, set[int]]:
    args = ["gdb", "-q", "-batch", "-nx"]
    for line in lines:
        args += ["-ex", f"break {file}:{line}"]
    args += ["-ex", "info breakpoints", str(exe)]
    out = subprocess.run(args, capture_output=True, text=True, timeout=120).stdout
    found: dict[int, set[int]] = {}
    for m in re.finditer(r"^(\d+)(?:\.\d+)?\s+(?:breakpoint\s+keep\s+)?y\s+0x([0-9a-f]+)", out,
                         re.M):
        found.setdefault(lines[int(m.group(1)) - 1], set()).add(int(m.group(2), 16))
    return found


def _plugin_locations(exe: Path, file: str, lines: range, tmp: Path) -> dict[int, set[int]]:
    script = tmp / "cmds"
    script.write_text(f"command script import {plugin_path()}\n"
                      + "".join(f"b {file}:{line}\n" for line in lines))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    out = subprocess.run(["lldb-22", "-b", "-x", "-s", str(script), str(exe)], env=env,
                         capture_output=True, text=True, timeout=120).stdout
    found: dict[int, set[int]] = {}
    for m in re.finditer(r"^Breakpoint \d+: \S+:(\d+), \d+ locations? \(file addresses ([^)]*)\)",
                         out, re.M):
        found[int(m.group(1))] = {int(a, 16) for a in m.group(2).split(", ")}
    return found


@pytest.mark.parametrize(("program", "compiler", "copies"), [
    ("inlined_unrolled.c", "atomc", True),  # scale inlined at two call sites
    ("calls.c", "atomc", False),
    ("keyinstr/programs/interleaved.c", "clang", False),
])
def test_line_breakpoints_match_gdb(
    program: str, compiler: str, copies: bool, binary: Callable[[str, str], Path],
    tmp_path: Path
) -> None:
    exe = binary(program, compiler)
    name = source(program).name
    lines = range(1, len(source(program).read_text().splitlines()) + 1)
    gdb = _gdb_locations(exe, name, lines)
    assert len(gdb) > 5
    assert any(len(a) > 1 for a in gdb.values()) == copies
    assert _plugin_locations(exe, name, lines, tmp_path) == gdb
