"""Inlined loops keep their inline frame under gdb (issue 14 §1).

Each program inlines a function whose loops survive -O2 (the issue's
reproducer, nested inlined loops, an inlined loop nest inside an unrolled
loop, one inlined loop nest at two call sites, an inlined callee that begins
with its loop). Stepping with gdb's `step`
from `main`, gdb must stay in the callee's inline frame from its first stop
to its last: the loop headers, latches and scheduled caller code in between
lie inside the inlined instance's address range, so gdb neither shows the
call site again on each iteration nor leaves for the caller's line.

Checks per program:

* the exact stop sequence (function, line) gdb shows;
* no callee is entered more often than in gcc -O0's build of the same
  program stepped the same way (before the fix gdb went back to the call
  line and re-entered the callee on every loop iteration: `main:12 fill:8
  fill:6 main:12 fill:8 ...`);
* where -O2 keeps no stop that -O0 lacks, the sequence is a subsequence of
  gcc -O0's: every stop is one -O0 makes, in the order -O0 makes it.

The lldb plugin steps the same programs and must agree with gdb
(tests/lldbplugin/test_stepping.py). The DWARF ranges themselves are checked
by lit (tests/lit/dwarf/inlined-loop-ranges.c).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec

HERE = Path(__file__).parent
PROGRAMS = HERE / "programs"
REPRODUCER = HERE.parent / "lldbplugin" / "programs" / "inlined_loop.c"
VARLOCS = HERE.parent / "varlocs" / "programs"  # also stepped for wrong values there
ATOMC = [sys.executable, "-m", "atomc"]

pytestmark = [pytest.mark.gdb,
              pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")]

Stop = tuple[str, int]


def _repeat(n: int, *stops: Stop) -> list[Stop]:
    return [s for _ in range(n) for s in stops]


# The sequences: the callee's first stop is the loop header (its `for` line),
# then one stop per statement the loop body keeps. -O2 unrolls the innermost
# constant-trip loops completely, so their `for` lines have no code left; a
# trip gets a stop there where an instruction between the previous trip's
# store and its own can carry the row (dwarf/iteration_heads.py), as the
# inner `for` stops of gcc -O0 between the body's stops. Trips without room
# have none (the subsequence check allows that).
# Each ends on main's closing brace after `return 0;` (Ret.close, as at -O0).
EXPECTED: dict[str, list[Stop]] = {
    # issue 14's reproducer: fill(2); fill(5); the column loop is unrolled.
    # The second call starts on the same line (6) as the first one ends; gdb
    # notices an inlined call only at a new line. The second body's first
    # instruction (the `leaq` of grid) is main's line 13, the call's statement
    # (codegen/debuginfo/call_site_entries.py): gdb stops at main:13, then
    # enters fill at its line 6 (was main:13 fill:5 fill:6, through a row of
    # fill's opening line, a stop -O0 does not make).
    # The column loop's `for` (line 7) has a stop before each of its five
    # trips: trip 0's on the body's first instruction, which its stop floated
    # up to (dwarf/iteration_heads.py; the stop moves on). Only the exit test
    # after the last trip has none (no instruction between the last store and
    # the row loop's latch).
    "inlined_loop.c": [("main", 12), ("fill", 6),
                       *_repeat(4, *_repeat(5, ("fill", 7), ("fill", 8)), ("fill", 6)),
                       ("main", 13), ("fill", 6),
                       *_repeat(4, *_repeat(5, ("fill", 7), ("fill", 8)), ("fill", 6)),
                       ("main", 14), ("main", 15), ("main", 16)],
    # fill_all(2) inlined into main, fill(t) inlined into fill_all's loop
    "inlined_nested.c": [("main", 19), ("fill_all", 14),
                         *_repeat(2, ("fill_all", 15), ("fill", 8),
                                  *_repeat(3, *_repeat(4, ("fill", 9), ("fill", 10)),
                                           ("fill", 8)), ("fill_all", 14)),
                         ("main", 20), ("main", 21), ("main", 22)],
    # weigh(lim + k, k + 2) inlined three times by unrolling main's loop; after
    # each call main stops at line 17 again for the store to out[k] (at -O0
    # the return lands inside line 17 and gdb goes on to line 16)
    "inlined_in_unrolled.c": [("main", 15), ("main", 16),
                              *[s for n in (2, 3, 4) for s in
                                [("main", 17), ("weigh", 8),
                                 *_repeat(n, ("weigh", 9), ("weigh", 10), ("weigh", 8)),
                                 ("main", 17), ("main", 16)]],
                              ("main", 18), ("main", 19), ("main", 20)],
    # scale(3) through once(), then scale(7) from main
    # (the column loop's `for`, line 9, has a stop before each of its four trips)
    "inlined_two_sites.c": [("main", 18), ("once", 14), ("scale", 7), ("scale", 8),
                            *_repeat(3, *_repeat(4, ("scale", 9), ("scale", 10)), ("scale", 8)),
                            ("main", 19), ("scale", 7), ("scale", 8),
                            *_repeat(3, *_repeat(4, ("scale", 9), ("scale", 10)), ("scale", 8)),
                            ("main", 20), ("main", 21), ("main", 22)],
    # digit_sum(9876) inlined in countdown, whose own loop folds away, right after
    # first_nine's inlined loop: both instances begin at digit_sum's loop header,
    # so their entry moves onto the preheader's copies (inline_entries.py);
    # before, every iteration showed main:37 countdown:31 digit_sum:19 again.
    # first_nine's `while` loop with a break, unrolled: a stop on its `while`
    # line (8) before each trip that runs (opt/loop_passes.py, _Trips)
    "inlined_loop_entry.c": [("main", 35), ("main", 36),
                             *_repeat(3, ("first_nine", 8), ("first_nine", 9)), ("main", 37),
                             ("countdown", 31),
                             *_repeat(4, ("digit_sum", 19), ("digit_sum", 21)),
                             ("countdown", 31), ("main", 38), ("main", 39), ("main", 40)],
    # run(&box, ...) right after main's stores of `box = {0}`: the scheduler used
    # to hoist run's set-up (its pointer, pc = 0) among those stores, so run's
    # loop header was the instance's first address and every iteration stopped
    # at main:37 again (with box half updated); the set-up now stays last
    "inlined_loop_after_stores.c": [("main", 36), ("main", 37),
                                    *[s for body in (27, 27, 28, 27, 28, 29) for s in
                                      [("run", 24), ("run", 25), ("run", 26), ("run", body)]],
                                    ("main", 38), ("main", 39), ("main", 40)],
}
EXTRA_STOPS = {"inlined_in_unrolled.c"}  # with a stop -O0 does not make


def _source(name: str) -> Path:
    if name == REPRODUCER.name:
        return REPRODUCER
    return PROGRAMS / name if (PROGRAMS / name).exists() else VARLOCS / name


def _stops(exe: Path) -> list[Stop]:
    spec = RunSpec(program=str(exe), step_command="step", step_limit=400, time_limit=60.0)
    trace = get_driver("gdb").trace(spec)
    assert trace.end.reason == "exited", trace.end
    return [(s.function, s.line) for s in trace.stops]


def _is_subsequence(seq: list[Stop], of: list[Stop]) -> bool:
    it = iter(of)
    return all(any(x == y for y in it) for x in seq)


def _entries(seq: list[Stop]) -> dict[str, int]:
    """How often each function other than main is entered (a stop in it after
    a stop elsewhere)."""
    out: dict[str, int] = {}
    for prev, cur in zip([("", 0), *seq], seq, strict=False):
        if cur[0] != "main" and cur[0] != prev[0]:
            out[cur[0]] = out.get(cur[0], 0) + 1
    return out


@pytest.mark.parametrize("program", sorted(EXPECTED))
def test_gdb_stays_in_the_inlined_loop(program: str, tmp_path: Path) -> None:
    src = _source(program)
    exe = tmp_path / "o2"
    subprocess.run([*ATOMC, "-O2", "-g", str(src), "-o", str(exe)], check=True, timeout=300)
    seen = _stops(exe)
    assert seen == EXPECTED[program]
    ref = tmp_path / "gcc-o0"
    subprocess.run(["gcc", "-O0", "-g", str(src), "-o", str(ref)], check=True, timeout=120)
    reference = _stops(ref)
    entries, ref_entries = _entries(seen), _entries(reference)
    assert all(n <= ref_entries.get(f, 0) for f, n in entries.items()), (entries, ref_entries)
    if program not in EXTRA_STOPS:
        assert _is_subsequence(seen, reference)
