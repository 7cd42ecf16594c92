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

import re
from dataclasses import dataclass

LEVELS = ("O0", "O2")


@dataclass(frozen=True, slots=True)
class Blocker:
    name: str                       # the missing feature, as the report names it
    pattern: str                    # a regex in the failure's text when this blocks
    owner: str                      # the branch expected to close it
    levels: tuple[str, ...] = LEVELS


class Blocked(Exception):
    """A unit failed for a reason blockers.py lists (what its strict xfail expects)."""


# Every blocker the first triage found (the driver's options, PIC, Meson's identification,
# `__signed__`, cleanup, atomics, long double) has been closed on main; units that fail
# today for a reason not yet fixed are listed here with that reason.
BLOCKED: dict[str, tuple[Blocker, ...]] = {}


def expected(recipe_id: str, level: str) -> tuple[Blocker, ...]:
    return tuple(b for b in BLOCKED.get(recipe_id, ()) if level in b.levels)


def judge(recipe_id: str, level: str, failure: str, text: str) -> None:
    """Raise for a failed unit: Blocked when a listed blocker shows in `text`, else an
    AssertionError carrying `failure`."""
    for b in expected(recipe_id, level):
        if re.search(b.pattern, text, re.M):
            raise Blocked(f"{b.name} (owner: {b.owner})")
    listed = "; ".join(b.name for b in expected(recipe_id, level))
    raise AssertionError(failure + (f"\n(listed blockers, none found: {listed})" if listed
                                    else ""))
