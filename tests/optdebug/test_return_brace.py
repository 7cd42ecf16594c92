"""`step` stops on a function's closing brace after its `return e;` at -O2, as
at -O0 (issue 14: recall of -O0 stepping).

The front end folds a function's only return block into the return statement
(`fold_return`); with Key Instructions the `ret` takes the statement's location,
Clang's model, and the `}` had no code left: gdb and lldb went from the return
line straight back to the caller (one lost stop per call of every such
function, the largest class of lost stops with code in the 44 eval programs).
The `ret` now keeps the brace as `Ret.close`; isel gives the `ret`, and so the
epilogue, that location, while the copy of the result into %eax keeps the
return line (tests/lit/dwarf/return-brace-rows.c has the rows).

But when the scheduler sinks that copy into the previous statement's code (it
takes that line) the return line's only instruction is the `ret`: the brace
would lose the return line's stop (varlocs salvaged.c `work:24`), so the
`return-brace` pass gives the `ret` the brace only if the return line keeps
other code -- or an epilogue before the `ret`, which then keeps the return line
and its stop (return_sunk.c, return_epilogue.c: a result computed on the line
before, or reaching the epilogue block from a loop).

Checked: under gdb the -O2 stops are exactly -O0's, less `int total = 0;`
(line 15, a constant into the loop: no code of its own); under lldb each
return line is followed by its brace.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from optdebug_steps import debuggers, step_stops

PROGRAM = Path(__file__).parent / "programs" / "return_brace.c"
SUNK = Path(__file__).parent / "programs" / "return_sunk.c"
EPILOGUE = Path(__file__).parent / "programs" / "return_epilogue.c"
CANARY = Path(__file__).parent / "programs" / "return_canary.c"
ATOMC = [sys.executable, "-m", "atomc"]



@pytest.mark.parametrize("debugger", debuggers("gdb", "lldb"))
def test_step_stops_on_the_brace_after_each_return(tmp_path: Path, debugger: str) -> None:
    o2, o0 = tmp_path / "rb-O2", tmp_path / "rb-O0"
    subprocess.run([*ATOMC, "-O2", "-g", str(PROGRAM), "-o", str(o2)], check=True, timeout=300)
    subprocess.run([*ATOMC, "-O0", "-g", str(PROGRAM), "-o", str(o0)], check=True, timeout=300)
    seen = step_stops(o2, debugger)
    for fn, ret in (("scale", 10), ("sum_to", 18), ("main", 27)):
        at = seen.index((fn, ret))
        assert seen[at + 1] == (fn, ret + 1), seen  # the `}` right after the return line
    if debugger == "gdb":  # lldb's step out of sum_to stops once more on main:25 at -O0
        assert seen == [s for s in step_stops(o0, debugger) if s != ("sum_to", 15)]


@pytest.mark.parametrize("debugger", debuggers("gdb", "lldb"))
def test_epilogue_keeps_a_sunk_return_line(tmp_path: Path, debugger: str) -> None:
    """`return k;` whose copy sank into line 15: the `ret` is line 16's only code
    but the epilogue (`popq %rbx`) before it keeps line 16, so `step` stops on
    line 16 and then on the brace, line 17, as at -O0 (before the epilogue kept
    the return line, the `ret` stayed on it and the brace had no stop)."""
    exe = tmp_path / "rs-O2"
    subprocess.run([*ATOMC, "-O2", "-g", str(SUNK), "-o", str(exe)], check=True, timeout=300)
    seen = [line for fn, line in step_stops(exe, debugger) if fn == "work"]
    lldb_extra = [15] if debugger == "lldb" else []  # lldb stops again on the call's line
    assert seen == [14, 15, *lldb_extra, 16, 17] * 3, seen


@pytest.mark.parametrize("debugger", debuggers("gdb", "lldb-atomc"))
def test_epilogue_keeps_the_return_line(tmp_path: Path, debugger: str) -> None:
    """return_epilogue.c: `return r;` in dot has no code but the frame release
    and the `ret`; `step` stops on line 13 (the `addq`) and then on the brace
    (the `ret`), exactly as at -O0. The -O2 stops are -O0's less best's `va_start`
    line (19, no code of its own) and `m = v;` (24, a `cmov` on line 23)."""
    o2, o0 = tmp_path / "re-O2", tmp_path / "re-O0"
    subprocess.run([*ATOMC, "-O2", "-g", str(EPILOGUE), "-o", str(o2)], check=True, timeout=300)
    subprocess.run([*ATOMC, "-O0", "-g", str(EPILOGUE), "-o", str(o0)], check=True, timeout=300)
    seen = step_stops(o2, debugger)
    assert seen[:6] == [("main", 32), ("main", 33), ("dot", 12), ("dot", 13), ("dot", 14),
                        ("main", 34)], seen
    assert seen == [s for s in step_stops(o0, debugger) if s not in {("best", 19), ("best", 24)}]


@pytest.mark.parametrize("debugger", debuggers("gdb", "lldb", "lldb-atomc"))
def test_canary_check_steps_with_the_return_line(tmp_path: Path, debugger: str) -> None:
    """return_canary.c with -fstack-protector-all: the canary check runs before the
    epilogue and takes its location, the return line, not the `ret`'s brace (lldb,
    which ignores `is_stmt`, stepped 10, 12, 11, 12 with the check at the brace)."""
    exe = tmp_path / "rc-O2"
    subprocess.run([*ATOMC, "-O2", "-g", "-fstack-protector-all", str(CANARY), "-o", str(exe)],
                   check=True, timeout=300)
    lldb_extra = [("main", 13)] if debugger == "lldb" else []  # its step out of f
    assert step_stops(exe, debugger) == [("main", 13), ("f", 8), ("f", 9), ("f", 10), ("f", 11),
                                     ("f", 12), *lldb_extra]
