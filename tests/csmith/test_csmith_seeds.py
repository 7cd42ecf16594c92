"""The fixed csmith seed set that runs on every CI run (issue 7, item 4).

Each seed's program (csmith 2.3.0, configuration "ci" of csmith_diff.py:
no floating point (bit-fields and packed structs on), at most 4 functions,
block depth 3, expression complexity 4) is built by gcc -O0 and by atomc at
-O0, -O1, -O2 and -O2 -g; all must print the same checksum.  Seeds whose programs
gcc's build cannot finish in time are not in the list (csmith makes some
long-running ones); one that does so on a slower machine is skipped, not failed.

A seed that fails because of a known atomc bug stays in the list with
xfail(strict=True) naming the bug, so the suite stays green and a fix shows up
as XPASS.  Whole suite: about 3 minutes with -n 2.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import csmith_diff

# Seeds 1-37 without those whose gcc -O0 build runs for more than 10 s (5, 28, 34, 36).
SEEDS: tuple[int, ...] = (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                          22, 23, 24, 25, 26, 27, 29, 30, 31, 32, 33, 35, 37)


class KnownBug(AssertionError):
    """Raised only when a known-failing seed fails exactly the recorded way; any other failure of
    it is a plain AssertionError, which its xfail(raises=KnownBug) does not swallow."""


# seed -> (the atomc level, text its failure must contain, the bug); the reduced programs are in
# tests/regress/.
KNOWN_FAILURES: dict[int, tuple[str, str, str]] = {
    # Fixed so far: seed 12 (-O2 -g, ValueError on a DBG_PHI without operands; b20dd71,
    # tests/regress/csmith_12_O2g.c); seeds 13, 18, 35 (-O2 -g, "variable i is described twice
    # in main"; 775612f).
}

pytestmark = pytest.mark.skipif(csmith_diff.tools_available() is not None,
                                reason=csmith_diff.tools_available() or "")


def _params() -> list:
    return [pytest.param(seed, id=f"seed{seed}",
                         marks=[pytest.mark.xfail(strict=True, raises=KnownBug,
                                                  reason=KNOWN_FAILURES[seed][2])]
                         if seed in KNOWN_FAILURES else [])
            for seed in SEEDS]


def test_seed_set_size() -> None:
    assert len(set(SEEDS)) >= 30


@pytest.mark.parametrize("seed", _params())
def test_csmith_seed(seed: int) -> None:
    result = csmith_diff.check_seed(seed, "ci")
    if result.kind in csmith_diff.SKIP_KINDS:
        pytest.skip(result.summary())
    if result.kind != "ok" and seed in KNOWN_FAILURES:
        level, text, _ = KNOWN_FAILURES[seed]
        failing = result.failing()
        if all(s.level == level and text in s.detail for s in failing):
            raise KnownBug(result.summary())
    assert result.kind == "ok", result.summary()
