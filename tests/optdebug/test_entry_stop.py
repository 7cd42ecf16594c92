"""gdb's `step` into a function without a frame pointer stops on its first
body line, as with gcc, not on the `{` line first (issue 14's closing note).

gdb steps into a call to the end of the prologue its own analysis finds; for
code without `push %rbp; mov %rsp, %rbp` that is the entry address, where it
shows the last line-table row. atomc writes the body's first line there
instead of the `{` row (tests/lit/codegen/entry-body-row.c). Breakpoints on
the function still use prologue_end, in gdb and in lldb (which finds no
prologue when two rows share the entry address, as gcc writes them).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CALLS = Path(__file__).parents[1] / "lldbplugin" / "programs" / "calls.c"
ATOMC = [sys.executable, "-m", "atomc"]

pytestmark = [pytest.mark.gdb,
              pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")]


def _session(exe: Path, *commands: str) -> str:
    args = ["gdb", "-q", "-batch", "-nx"]
    for c in commands:
        args += ["-ex", c]
    return subprocess.run([*args, str(exe)], capture_output=True, text=True,
                          timeout=120).stdout


def _first_stop_in_fib(exe: Path) -> tuple[str, int]:
    """The line of the frame gdb shows when `step` first enters fib."""
    out = _session(exe, "break main", "run", *["step"] * 4)
    m = re.search(r"^fib \(.*\) at \S+:(\d+)$", out, re.M)
    assert m is not None, out
    return "fib", int(m.group(1))


def test_step_into_a_frameless_function_stops_on_its_body(tmp_path: Path) -> None:
    exe = tmp_path / "calls"  # fib pushes three registers, no %rbp frame
    subprocess.run([*ATOMC, "-O2", "-g", str(CALLS), "-o", str(exe)], check=True, timeout=300)
    ref = tmp_path / "calls-gcc-O0"
    subprocess.run(["gcc", "-O0", "-g", str(CALLS), "-o", str(ref)], check=True, timeout=120)
    assert _first_stop_in_fib(exe) == _first_stop_in_fib(ref) == ("fib", 7)
    # the breakpoint on the function is still after the pushes, on line 7
    out = _session(exe, "break fib", "run")
    assert re.search(r"^Breakpoint 1, fib \(n=(?:n@entry=)?7\) at \S+:7$", out, re.M), out


@pytest.mark.skipif(shutil.which("lldb-22") is None, reason="lldb-22 not installed")
def test_lldb_breaks_on_a_frameless_function_after_its_pushes(tmp_path: Path) -> None:
    exe = tmp_path / "calls"
    subprocess.run([*ATOMC, "-O2", "-g", str(CALLS), "-o", str(exe)], check=True, timeout=300)
    pe = subprocess.run(["llvm-dwarfdump-22", "--debug-line", str(exe)], capture_output=True,
                        text=True, timeout=60).stdout
    fib = subprocess.run(["nm", str(exe)], capture_output=True, text=True, timeout=60).stdout
    entry = int(re.search(r"^([0-9a-f]+) t fib$", fib, re.M).group(1), 16)  # type: ignore[union-attr]
    ends = [int(a, 16) for a in re.findall(r"^0x([0-9a-f]+) .* prologue_end", pe, re.M)]
    after = min(a for a in ends if a > entry)  # fib's prologue_end, after its pushes
    out = subprocess.run(["lldb-22", "-b", "-o", "b fib", str(exe)], capture_output=True,
                         text=True, timeout=120).stdout
    assert f"address = 0x{after:016x}" in out, out
