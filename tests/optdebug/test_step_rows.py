"""gdb's `step` from `main` at -O2 makes the stops atomc -O0 makes, in its order
(issue 14: order precision, back-jumps, recall), program by program.

Each program isolates one cause of a stop -O0 never makes or of a lost one; the
exact sequence gdb shows is checked, and that it is a subsequence of the -O0
build's sequence (every stop one -O0 makes, in -O0's order) unless the program
is listed in EXTRA_STOPS with the reason. The machine code is the same with and
without -g: only line rows differ.

* hoisted_into_inlined.c: printf's argument set-up hoisted into scale's inlined
  code took the line it came from when its neighbour was hoisted too
  (codegen/debuginfo/hoisted_lines.py); gdb showed main:19 again in the middle
  of scale and re-entered it twice (`scale:11 main:19 scale:12 main:19 scale:13`).
* return_to_call_line.c: after a call into another function, the rest of the
  call's line has no is_stmt row and the return address starts a row without
  it (dwarf/line_rows.py); gdb's `step` out of `twice` stopped on the call's
  line once more for the store of the result and for `& 0x7f`
  (`main:15 twice:8 main:15 main:16`), stops -O0 never makes.
* inlined_call_line.c, inlined_after_args.c: after an inlined body, the rest
  of the call line has no stop when the line has its statement before the body
  (dwarf/line_rows.py, _inlined_returns): the argument set-up, or the body's
  first register-only instruction taken as the call's own
  (codegen/debuginfo/call_site_entries.py). gdb stopped on the call line once
  more after the callee's lines (`main:19 square:10 main:19 main:18`).
  test_break_on_call_line checks that `break LINE` on such a line stops in the
  caller, before the body, not inside the callee (where gcc's placement stops).
* empty_asm.c: an empty `asm volatile("")` emits no bytes, so its row shares
  its address with the next one and gdb shows the later row's line. Before the
  closing brace the brace's row has no is_stmt (gdb shows the asm's line, as
  for gcc's code); before a statement with code the asm's row has none (the
  statement keeps its stop and its breakpoint). dwarf/line_rows.py,
  _one_stmt_per_address.
* inlined_per_copy.c: a call inlined into a loop body that -O2 unrolls gets a
  call site of its own per copy (opt/loop_passes.py, DILocation.copy), so each
  copy is an inlined instance of its own: gdb leaves push for main's line
  between copies, as at -O0, instead of stepping from push's last line back to
  its first in one frame (`push:11 push:13 push:11 push:13`). The fully
  unrolled loop's `for` line (20) has a stop between the copies, after each
  copy's store to `head` (dwarf/iteration_heads.py), as at -O0.
* hoisted_increment.c: main's pointer increment, hoisted into row_sum's inlined
  code above the body's last add, took its own line and split the instance's
  range; gdb took the second piece for a fresh entry (`main:25 row_sum:17
  main:25`). A never-key instruction hoisted above any stop of another
  position now takes the location it lands in (codegen/debuginfo/
  hoisted_lines.py), not only when the last stop it passes is elsewhere.
* unrolled_for_line.c: a loop -O2 unrolls completely has no code left on its
  `for` line; each trip gets a statement row there on an instruction between
  the previous trip's store and its own (dwarf/iteration_heads.py), so gdb
  shows `12 11 12 11 ...` as -O0 does instead of one stop on line 12.
  test_break_on_unrolled_for_line checks the state at those stops.
* every program: a function whose one `return e;` the front end folds into its
  `ret` stops on its closing brace after the return line, as at -O0
  (Ret.close: the epilogue keeps the brace; test_return_brace.py).
* two inlined loops in a row (issue 14's reproducer) are checked in
  test_inlined_frames.py: the second call's entry after the first one's exit
  test on the same line gets a row of the callee's opening line, so gdb shows
  the second call (dwarf/line_rows.py, compute_reentries).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec

PROGRAMS = Path(__file__).parent / "programs"
ATOMC = [sys.executable, "-m", "atomc"]

pytestmark = [pytest.mark.gdb,
              pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")]

Stop = tuple[str, int]

EXPECTED: dict[str, list[Stop]] = {
    "hoisted_into_inlined.c": [("main", 19), ("scale", 10), ("scale", 11), ("scale", 12),
                               ("scale", 13), ("scale", 14), ("main", 20), ("main", 21),
                               ("main", 22), ("main", 23)],
    "return_to_call_line.c": [("main", 15), ("twice", 8), ("twice", 9), ("main", 16),
                              ("main", 17), ("twice", 8), ("twice", 9), ("main", 18)],
    "inlined_call_line.c": [("main", 18), ("main", 19), ("square", 10)] * 3
                           + [("main", 18), ("main", 20), ("main", 21), ("main", 22)],
    "inlined_after_args.c": [("main", 20)]
                            + [("main", 22), ("main", 23), ("clamp", 11), ("clamp", 13)] * 3
                            + [("main", 22), ("main", 24), ("main", 25), ("main", 26)],
    "empty_asm.c": [("main", 19), ("barrier_last", 6), ("barrier_last", 7), ("main", 20),
                    ("barrier_between", 12), ("barrier_between", 14),
                    ("barrier_between", 15), ("main", 21), ("main", 22)],
    "inlined_per_copy.c": [("main", 21), ("push", 11), ("push", 13), ("main", 20)] * 2
                          + [("main", 21), ("push", 11), ("push", 12), ("push", 13),
                             ("main", 22), ("main", 23), ("main", 24)],
    "unrolled_for_line.c": [("main", 17), ("fill", 12), *[("fill", 11), ("fill", 12)] * 3,
                            ("fill", 13), ("main", 18), ("main", 19), ("main", 20)],
    "hoisted_increment.c": [("main", 24)]
                           + ([("main", 25)] + [("row_sum", 17), ("cell", 10)] * 3
                              + [("main", 25), ("main", 24)]) * 3
                           + [("main", 26), ("main", 27), ("main", 28)],
}
EXTRA_STOPS: dict[str, str] = {  # program -> the stop -O0 does not make
    "hoisted_increment.c": "main:25 after row_sum's body, the store of its result: the call "
                           "line has no code before the body, so it keeps its statement "
                           "after it (a `break 25` needs one)",
}


def _build(src: Path, out: Path, *flags: str) -> Path:
    subprocess.run([*ATOMC, *flags, str(src), "-o", str(out)], check=True, timeout=300)
    return out


def _stops(exe: Path) -> list[Stop]:
    spec = RunSpec(program=str(exe), step_command="step", step_limit=400, time_limit=60.0)
    trace = get_driver("gdb").trace(spec)
    assert trace.end.reason == "exited", trace.end
    return [(s.function, s.line) for s in trace.stops]


def _text(exe: Path) -> bytes:
    with open(exe, "rb") as f:
        return ELFFile(f).get_section_by_name(".text").data()


def _is_subsequence(seq: list[Stop], of: list[Stop]) -> bool:
    it = iter(of)
    return all(any(x == y for y in it) for x in seq)


@pytest.mark.parametrize("program", sorted(EXPECTED))
def test_step_sequence(program: str, tmp_path: Path) -> None:
    src = PROGRAMS / program
    o2 = _build(src, tmp_path / "o2", "-O2", "-g")
    seen = _stops(o2)
    assert seen == EXPECTED[program]
    if program not in EXTRA_STOPS:
        assert _is_subsequence(seen, _stops(_build(src, tmp_path / "o0", "-O0", "-g")))
    assert _text(o2) == _text(_build(src, tmp_path / "plain", "-O2"))


# program -> (call line, the caller, the inlined callee, how many times the loop runs it)
CALL_LINES: dict[str, tuple[int, str, str, int]] = {
    "inlined_call_line.c": (19, "main", "square", 3),
    "inlined_after_args.c": (23, "main", "clamp", 3),
}


@pytest.mark.parametrize("program", sorted(CALL_LINES))
def test_break_on_call_line(program: str, tmp_path: Path) -> None:
    """`break LINE` on an inlined call's line stops in the caller on every
    iteration, before the callee's code: `step` from there enters the callee
    (a stop after the body would step to the loop's next line, one at the
    body's entry would show the callee's frame)."""
    line, caller, callee, times = CALL_LINES[program]
    exe = _build(PROGRAMS / program, tmp_path / "o2", "-O2", "-g")
    cmds = ["set pagination off", f"break {program}:{line}", "run"]
    cmds += ["frame", "step", "frame", "continue"] * times
    out = subprocess.run(["gdb", "-nx", "-batch", *[a for c in cmds for a in ("-ex", c)],
                          str(exe)], capture_output=True, text=True, timeout=120).stdout
    frames = [ln for ln in out.splitlines() if ln.startswith("#0")]
    assert len(frames) == 2 * times, out
    for at_break, after_step in zip(frames[::2], frames[1::2], strict=True):
        assert at_break.startswith(f"#0  {caller} (") and f"{program}:{line}" in at_break, out
        assert after_step.startswith(f"#0  {callee} ("), out


def test_break_on_unrolled_for_line(tmp_path: Path) -> None:
    """`break` on a fully unrolled loop's `for` line stops at trip 1's header
    row (gdb keeps one location per block); there and at the next trips'
    header rows, reached by `step`, the earlier trips' stores are done and the
    trip's own is not: the state -O0 shows on that line."""
    exe = _build(PROGRAMS / "unrolled_for_line.c", tmp_path / "o2", "-O2", "-g")
    cmds = ["set pagination off", "break unrolled_for_line.c:11", "run", "print out"]
    cmds += ["step", "frame", "step", "frame", "print out"] * 2 + ["continue"]
    out = subprocess.run(["gdb", "-nx", "-batch", *[a for c in cmds for a in ("-ex", c)],
                          str(exe)], capture_output=True, text=True, timeout=120,
                         check=False).stdout
    arrays = [ln.split("=", 1)[1].strip() for ln in out.splitlines() if ln.startswith("$")]
    assert arrays == ["{3, 0, 0, 0}", "{3, 8, 0, 0}", "{3, 8, 13, 0}"], out
    lines = [ln.rsplit(":", 1)[1] for ln in out.splitlines() if ln.startswith("#0")]
    assert lines == ["12", "11", "12", "11"], out
    assert "exited normally" in out, out
