"""Callers' frames at -O2 -g: what gdb and lldb show for the variables of the
frames above a breakpoint.

In an outer frame a debugger looks the locations up at the return address
minus one, inside the call instruction, and reads a caller-saved register as
the callee left it (x86-64's CFI leaves them unspecified; gdb shows the inner
frame's, lldb-22 calls them unavailable). A location list entry for a register
the call clobbers must end at R-1 (outer_frames.py): before, gdb showed zlib's
`compress (dest=..., destLen=0x4, source=0xffffffff, ...)`.

outer_frames/outer.c calls `g`, which calls `h`, from callers whose arguments
are dead after the call, live across it, replaced by its result, from a call
that ends a block, and from a noreturn call that ends its function. At every
stop in `h`, every value gdb and lldb show for a caller's argument or local
must be the -O0 build's value (same debugger) or optimized out / unavailable;
and the arguments of the callers that keep them (an entry value or a
callee-saved register, as gcc's `a=a@entry=1`) must be shown.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "outer_frames"
PROGRAM = HERE / "outer.c"
STOPS = 6  # the calls of `h` before the program exits
# callers whose arguments (a, b, c) each debugger must show: in a callee-saved
# register, as an entry value, or for `last_call` from below its noreturn call
SHOWN = ("dead_after", "live_across", "block_end", "last_call")
UNAVAILABLE = re.compile(r"<optimized out>|not available|<unavailable>|"
                         r"could not evaluate DW_OP_entry_value|"
                         r"no location, value may have been optimized out")

Frames = list[list[tuple[str, dict[str, str]]]]  # per stop, per caller frame


def _build(tmp: Path, level: str) -> Path:
    out = tmp / f"outer{level}"
    subprocess.run([sys.executable, "-m", "atomc", level, "-g", str(PROGRAM), "-o", str(out)],
                   check=True, timeout=300)
    return out


def _gdb(binary: Path) -> Frames:
    run = subprocess.run(["gdb", "-batch", "-nx", "-x", str(HERE / "gdb_outer.py"), str(binary)],
                         check=False, capture_output=True, text=True, timeout=120)
    stops = [json.loads(line[5:]) for line in run.stdout.splitlines() if line.startswith("STOP ")]
    return [[(name, values) for name, values in stop] for stop in stops]


_FRAME = re.compile(r"^frame #\d+: 0x[0-9a-f]+ [^`\s]+`(\w+)(?:\(.*\))? at outer\.c:\d+(?::\d+)?$")
_VAR = re.compile(r"^\([^)]*\) (\w+) = (.*)$")


def _lldb(binary: Path) -> Frames:
    """lldb-22's `frame variable` in frames 1 to 4 at each stop (those of outer.c)."""
    cmds = ["settings set interpreter.stop-command-source-on-error false", "b h",
            "process launch -o /dev/null"]
    for _ in range(STOPS):
        for n in range(1, 5):
            cmds += [f"frame select {n}", "frame variable"]
        cmds.append("continue")
    args = ["lldb-22", "-b", "--no-lldbinit"]
    for c in cmds:
        args += ["-o", c]
    run = subprocess.run([*args, str(binary)], check=False, capture_output=True, text=True,
                         timeout=300)
    stops: Frames = []
    frame: tuple[str, dict[str, str]] | None = None
    for line in run.stdout.splitlines():
        if line.startswith("(lldb) frame select 1"):
            stops.append([])
        if line.startswith("(lldb) frame select"):
            frame = None
            continue
        if (m := _FRAME.match(line)) is not None and stops:
            frame = (m.group(1), {})
            stops[-1].append(frame)
        elif (m := _VAR.match(line)) is not None and frame is not None:
            frame[1][m.group(1)] = m.group(2).strip()
    return stops


READERS = {"gdb": ("gdb", _gdb), "lldb": ("lldb-22", _lldb)}


@pytest.mark.parametrize("debugger", sorted(READERS))
def test_outer_frames_show_no_wrong_value(debugger: str, tmp_path: Path) -> None:
    tool, read = READERS[debugger]
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed")
    reference, optimised = read(_build(tmp_path, "-O0")), read(_build(tmp_path, "-O2"))
    assert len(reference) == STOPS and len(optimised) == STOPS, (reference, optimised)
    wrong: list[str] = []
    missing: list[str] = []
    for i, (ref, opt) in enumerate(zip(reference, optimised, strict=True)):
        assert [f for f, _ in ref] == [f for f, _ in opt], (i, ref, opt)
        for (func, want), (_, got) in zip(ref, opt, strict=True):
            for name, value in got.items():
                if value != want.get(name) and not UNAVAILABLE.search(value):
                    wrong.append(f"stop {i} {func}: {name} = {value}, -O0 shows {want.get(name)}")
            if func in SHOWN:
                missing += [f"stop {i} {func}: {name} = {got.get(name)}" for name in "abc"
                            if got.get(name) != want[name]]
    assert not wrong, "\n".join(wrong)
    assert not missing, "\n".join(missing)
