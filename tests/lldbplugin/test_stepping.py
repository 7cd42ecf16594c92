"""Stepping with atomc's lldb plugin stops where gdb stops, on the same binary."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from lldbplugin_support import ATOMC

from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec, Trace

pytestmark = [pytest.mark.gdb, pytest.mark.lldb, pytest.mark.usefixtures("debuggers")]


def _trace(debugger: str, program: Path, command: str) -> Trace:
    spec = RunSpec(program=str(program), step_command=command,  # type: ignore[arg-type]
                   step_limit=400, time_limit=60.0)
    return get_driver(debugger).trace(spec)


def _seen(trace: Trace) -> list[tuple[str, int]]:
    """What the user reads at each stop: the function shown and its line."""
    return [(s.function, s.line) for s in trace.stops]


# (program, compiler, command): atomc's inlined loops (issue 14's reproducer
# and tests/optdebug's variants: nested, inside an unrolled loop, two call
# sites, the call line's statement before an inlined body and no stop on it
# after), an inlined callee at two call sites, real calls and recursion, the
# Key Instructions tests' interleaved statements; clang-22's Key Instructions too.
CASES = [
    ("inlined_loop.c", "atomc", "step"),
    ("inlined_loop.c", "atomc", "next"),
    ("optdebug/programs/inlined_nested.c", "atomc", "step"),
    ("optdebug/programs/inlined_in_unrolled.c", "atomc", "step"),
    ("optdebug/programs/inlined_two_sites.c", "atomc", "step"),
    ("varlocs/programs/inlined_loop_after_stores.c", "atomc", "step"),
    ("optdebug/programs/inlined_call_line.c", "atomc", "step"),
    ("optdebug/programs/inlined_after_args.c", "atomc", "step"),
    ("inlined_unrolled.c", "atomc", "step"),
    ("calls.c", "atomc", "step"),
    ("keyinstr/programs/interleaved.c", "atomc", "step"),
    ("keyinstr/programs/unrolled.c", "atomc", "step"),
    ("inlined_unrolled.c", "clang", "step"),
    ("keyinstr/programs/interleaved.c", "clang", "next"),
]


@pytest.mark.parametrize(("program", "compiler", "command"), CASES)
def test_plugin_stops_where_gdb_stops(
    program: str, compiler: str, command: str, binary: Callable[[str, str], Path]
) -> None:
    exe = binary(program, compiler)
    gdb = _trace("gdb", exe, command)
    plugin = _trace("lldb-atomc", exe, command)
    assert (plugin.end.reason, plugin.end.exit_code) == ("exited", gdb.end.exit_code)
    assert _seen(plugin) == _seen(gdb)
    assert [len(s.frames) for s in plugin.stops] == [len(s.frames) for s in gdb.stops]


@pytest.mark.parametrize("program", ["calls.c", "inlined_unrolled.c"])
def test_plain_lldb_differs_where_the_plugin_matters(
    program: str, binary: Callable[[str, str], Path]
) -> None:
    """Programs above on which lldb alone does not step like gdb (else the
    comparison would not show that the plugin did anything). inlined_loop.c was
    one until a never-key instruction hoisted into inlined code took the callee's
    location: plain lldb now steps it as gdb does."""
    exe = binary(program, "atomc")
    assert _seen(_trace("lldb", exe, "step")) != _seen(_trace("gdb", exe, "step"))


def test_plugin_leaves_gcc_O0_stepping_alone(binary: Callable[[str, str], Path]) -> None:
    exe = binary("calls.c", "gcc-O0")
    assert _seen(_trace("lldb-atomc", exe, "step")) == _seen(_trace("lldb", exe, "step"))


def _gdb_lines(exe: Path, where: str, commands: list[str]) -> list[int]:
    args = ["gdb", "-q", "-batch", "-nx", "-ex", f"break {where}", "-ex", "run"]
    for command in commands:
        args += ["-ex", {"n": "next", "s": "step"}.get(command, command)]
    out = subprocess.run([*args, str(exe)], capture_output=True, text=True, timeout=120).stdout
    return [int(m.group(1)) for m in re.finditer(r"^(\d+)\t", out, re.M)]


@pytest.mark.parametrize(("program", "where", "commands"), [
    ("inlined_unrolled.c", "main", ["n"] * 4),
    ("inlined_unrolled.c", "inlined_unrolled.c:8", ["finish", "n", "n", "s", "s"]),
    ("calls.c", "swap", ["finish", "n"]),
])
def test_interactive_commands_match_gdb(
    program: str, where: str, commands: list[str], binary: Callable[[str, str], Path],
    tmp_path: Path
) -> None:
    """As a user loads it: ``command script import $(atomc -print-file-name=atomc_lldb.py)``,
    then lldb's own ``n``, ``s``, ``finish`` and ``b`` aliases, rebound by the plugin."""
    exe = binary(program, "atomc")
    path = subprocess.run([*ATOMC, "-print-file-name=atomc_lldb.py"], capture_output=True,
                          text=True, check=True).stdout.strip()
    assert Path(path).name == "atomc_lldb.py" and Path(path).is_file()
    script = tmp_path / "cmds"
    script.write_text(f"command script import {path}\nb {where}\nrun\n"
                      + "".join(f"{c}\n" for c in commands))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    out = subprocess.run(["lldb-22", "-b", "-x", "-s", str(script), str(exe)], env=env,
                         capture_output=True, text=True, timeout=120).stdout
    assert "atomc_lldb: next/n" in out
    lines = [int(m.group(1)) for m in re.finditer(r"^-> (\d+)\s", out, re.M)]
    expected = _gdb_lines(exe, where, commands)
    assert len(expected) == len(commands) + 1  # every command stopped in the program
    assert lines == expected
