"""Turn a test suite's output into (passed, total), the way each harness reports it.

Each kind reads what its harness prints; a suite that printed no summary at all (it
crashed, or the build never got far enough) counts as 0 of 0, which never equals a
reference that ran tests.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from recipe import Tally, TallyKind


@dataclass(frozen=True, slots=True)
class Score:
    passed: int
    total: int

    def __str__(self) -> str:
        return f"{self.passed}/{self.total}"


def _sum(pattern: str, text: str) -> int:
    return sum(int(m) for m in re.findall(pattern, text, re.M))


def _automake(text: str) -> Score:
    return Score(_sum(r"^# PASS: +(\d+)$", text), _sum(r"^# TOTAL: +(\d+)$", text))


def _ctest(text: str) -> Score:
    m = re.findall(r"^\d+% tests passed, (\d+) tests? failed out of (\d+)$", text, re.M)
    failed, total = (sum(int(x[i]) for x in m) for i in (0, 1))
    return Score(total - failed, total)


MESON_OK = ("Ok", "Expected Fail")
MESON_NOT_OK = ("Fail", "Unexpected Pass", "Skipped", "Timeout")


def _meson(text: str) -> Score:
    def count(label: str) -> int:
        return _sum(rf"^{label}: +(\d+)\s*$", text)

    passed = sum(count(k) for k in MESON_OK)
    return Score(passed, passed + sum(count(k) for k in MESON_NOT_OK))


def _counts(pattern: str, text: str) -> Score:
    passed = failed = total = 0
    for m in re.finditer(pattern, text, re.M):
        g = {k: int(v) for k, v in m.groupdict().items() if v is not None}
        t = g.get("total", g.get("passed", 0) + g.get("failed", 0))
        total += t
        failed += g.get("failed", t - g.get("passed", 0))
        passed += g.get("passed", t - g.get("failed", 0))
    return Score(passed, total)


def _marks(tally: Tally, text: str) -> Score:
    ran = len(re.findall(tally.pattern, text, re.M))
    failed = len(re.findall(tally.fail_pattern, text, re.M))
    return Score(max(ran - failed, 0), tally.total or ran)


def score(tally: Tally, text: str, statuses: Sequence[int]) -> Score:
    """(passed, total) from the suite's whole text and its commands' exit statuses."""
    match tally.kind:
        case TallyKind.AUTOMAKE:
            return _automake(text)
        case TallyKind.CTEST:
            return _ctest(text)
        case TallyKind.MESON:
            return _meson(text)
        case TallyKind.COUNTS:
            return _counts(tally.pattern, text)
        case TallyKind.MARKS:
            return _marks(tally, text)
        case TallyKind.COMMANDS:
            return Score(sum(s == 0 for s in statuses), len(statuses))
    raise ValueError(tally.kind)
