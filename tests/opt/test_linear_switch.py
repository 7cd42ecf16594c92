"""Big switches must cost work linear in their cases.

A switch of n cases whose cases all break to one join gives two passes a chance to
go quadratic: simplifycfg, when merging a case's blocks rewrites the join's list
of n predecessors each time, and LiveDebugValues' phase E, when every case's
entry places again the variables every earlier case changed (their reasons for
having no location: dead at one case's end, not assigned yet at the next's entry),
or when the join after the cases reads, for each case, every change made after it.
Each is compiled with 40 and 160 cases. Work is counted, never timed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import unchecked_counts  # noqa: E402

SMALL, LARGE = 40, 160
MAX_GROWTH = 5.0


def _counts(tmp: Path, name: str, text: str) -> dict[str, int]:
    return unchecked_counts(tmp / name, text)


def _switch_with_locals(n: int) -> str:
    """Every case has a local of its own, so every case changes some reason."""
    cases = "".join(f"    case {k}: {{ int v{k} = x * {k + 3} + y; y = v{k} ^ (y >> 1);"
                    f" g(y); break; }}\n" for k in range(n))
    return ("int g(int);\nint run(int x, int y) {\n    switch (x) {\n" + cases
            + "    }\n    return y;\n}\n")


def _switch_with_ifs(n: int) -> str:
    """Every case is two blocks that simplifycfg merges into one before the join."""
    cases = "".join(f"    case {k}: y += {k * 7 + 1}; if (y > {k}) y ^= x; break;\n"
                    for k in range(n))
    return "int run(int x, int y) {\n    switch (x) {\n" + cases + "    }\n    return y;\n}\n"


def test_switch_cases_place_only_what_they_change(tmp_path: Path) -> None:
    small = _counts(tmp_path, "locals_small.c", _switch_with_locals(SMALL))
    large = _counts(tmp_path, "locals_large.c", _switch_with_locals(LARGE))
    assert large["ldv.machine.blocks"] >= 3 * small["ldv.machine.blocks"]
    for counter, suspect in (
            ("ldv.emit.entry_vars", "each case places again what every earlier case changed?"),
            ("ldv.reasons.changed", "the join after the cases reads the changes made after "
                                    "each case's exit, once per case?")):
        growth = large[counter] / small[counter]
        assert growth < MAX_GROWTH, (
            f"{counter} grew {growth:.1f}x for 4x the cases "
            f"({small[counter]} -> {large[counter]}): {suspect}")


def test_merging_case_blocks_does_not_rewrite_the_join(tmp_path: Path) -> None:
    for n in (SMALL, LARGE):
        counts = _counts(tmp_path, f"ifs{n}.c", _switch_with_ifs(n))
        merges = counts.get("simplifycfg.merges", 0)
        assert merges >= n, f"{n} cases, {merges} merges: the input no longer tests merging"
        rewritten = counts.get("simplifycfg.merge_pred_entries", 0)
        assert rewritten <= 2 * merges, (
            f"{n} cases: {merges} merges rewrote {rewritten} predecessor entries; "
            "each merge rewrote the join's list of one entry per case?")
