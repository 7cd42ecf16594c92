"""Work counters (how many blocks, instructions or nodes each analysis and pass
visits) and stage times (what --time-passes reports).

Compile time must grow linearly with the code. Timing tests are flaky, so the
tests that guard against quadratic algorithms (tests/opt/test_linear_work.py)
count work instead: every analysis that walks a function or a region adds the
number of items it visited under its own name, and a test compiles inputs of
two sizes and compares the counts. Counting is a dict update per walk (never
per item), cheap enough to stay on.
"""

from __future__ import annotations

import time
from typing import TextIO

COUNTS: dict[str, int] = {}


def add(what: str, n: int) -> None:
    """Record that `what` visited `n` more items."""
    COUNTS[what] = COUNTS.get(what, 0) + n


def reset() -> None:
    COUNTS.clear()


def snapshot() -> dict[str, int]:
    return dict(COUNTS)


# -- stage times for --time-passes --------------------------------------------------

STAGES: dict[str, tuple[str, float]] = {}  # stage -> (phase, seconds), in first-seen order


class stage:  # noqa: N801 (used as a context manager, like a function)
    """`with stage("parse", "front end"):` adds the block's CPU time to that stage
    (CPU time: on a shared machine wall time measures the other processes).

    `timed=False` (a compile without --time-passes) reads no clock: the CPU clock
    is a system call, which cost 5-10 us here between stretches of compiling, and
    the back end enters a stage per pass per function (80,000 reads, 0.6 s, in
    an -O0 compile of sqlite3)."""

    __slots__ = ("name", "phase", "start", "timed")

    def __init__(self, name: str, phase: str, timed: bool = True) -> None:
        self.name = name
        self.phase = phase
        self.timed = timed
        self.start = 0.0

    def __enter__(self) -> None:
        if self.timed:
            self.start = time.process_time()

    def __exit__(self, *exc: object) -> None:
        if self.timed:
            record(self.name, self.phase, time.process_time() - self.start)


def record(name: str, phase: str, seconds: float) -> None:
    old = STAGES.get(name)
    STAGES[name] = (phase, seconds + (old[1] if old else 0.0))


def report_stages(out: TextIO) -> None:
    """Every stage's time, grouped by phase, the longest first within a phase."""
    total = sum(s for _, s in STAGES.values()) or 1e-9
    out.write("===-- compile time by stage --===\n")
    phases = list(dict.fromkeys(p for p, _ in STAGES.values()))
    for phase in phases:
        items = [(n, s) for n, (p, s) in STAGES.items() if p == phase]
        sub = sum(s for _, s in items)
        out.write(f"  {phase}: {sub * 1000:.2f} ms\n")
        for name, t in sorted(items, key=lambda kv: -kv[1]):
            out.write(f"{t * 1000:10.2f} ms {100 * t / total:6.1f}%  {name}\n")
    out.write(f"{total * 1000:10.2f} ms  total\n")
