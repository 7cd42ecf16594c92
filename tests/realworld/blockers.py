"""What keeps each real project from building and passing with atomc today, as data.

A unit listed here is a strict xfail in `test_packages.py`: it must fail, and fail with
one of its blockers' patterns in the failure's text (the build's log and the build
system's own logs, the suite's counts, or the gdb check's findings). A failure matching
none of them is a plain failure (something new broke, or a blocker was fixed and the
next one is not listed yet); a unit that passes is an unexpected pass (its blockers are
fixed: remove it). The lists come from triage builds (`bench/realworld_build.py
--triage`), which carry a build past each gap to find the next; the `owner` says which
branch is expected to close each gap.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

LEVELS = ("O0", "O2")


class Check(enum.Enum):
    """What a unit's test checks; a blocker may stop some of them only."""

    SUITE = "suite"  # the build and the package's own test suite
    GDB = "gdb"  # the gdb walk through a core function


ALL_CHECKS = (Check.SUITE, Check.GDB)


@dataclass(frozen=True, slots=True)
class Blocker:
    name: str                       # the missing feature, as the report names it
    pattern: str                    # a regex in the failure's text when this blocks
    owner: str                      # the branch expected to close it
    levels: tuple[str, ...] = LEVELS
    checks: tuple[Check, ...] = ALL_CHECKS  # the tests it makes fail


class Blocked(Exception):
    """A unit failed for a reason blockers.py lists (what its strict xfail expects)."""


# Every blocker the first triage found (the driver's options, PIC, Meson's identification,
# `__signed__`, cleanup, atomics, long double) has been closed on main; units that fail
# today for a reason not yet fixed are listed here with that reason.
# (json-c's line-344 stop was the last: a `?:` loop condition now branches on its
# test first, so the loop head is the line's first is_stmt row; issue 14.)
BLOCKED: dict[str, tuple[Blocker, ...]] = {}


def expected(recipe_id: str, level: str, check: Check | None = None) -> tuple[Blocker, ...]:
    """The blockers of a unit (of one of its checks, when given)."""
    return tuple(b for b in BLOCKED.get(recipe_id, ())
                 if level in b.levels and (check is None or check in b.checks))


def judge(recipe_id: str, level: str, failure: str, text: str,
          check: Check | None = None) -> None:
    """Raise for a failed unit: Blocked when a listed blocker shows in `text`, else an
    AssertionError carrying `failure`."""
    for b in expected(recipe_id, level, check):
        if re.search(b.pattern, text, re.M):
            raise Blocked(f"{b.name} (owner: {b.owner})")
    listed = "; ".join(b.name for b in expected(recipe_id, level, check))
    raise AssertionError(failure + (f"\n(listed blockers, none found: {listed})" if listed
                                    else ""))
