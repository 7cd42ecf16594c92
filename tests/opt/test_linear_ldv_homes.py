"""LiveDebugValues' work on memory homes must not multiply homes by blocks.

A memory home holds from its first write on in every block reachable from
there (memory_homes.py). Written out as a record restated at the entry of each
of those blocks, n homes over n blocks gave n x n records, each resolved, joined
at the iterated dominance frontier of all those blocks and placed again (Lua's
luaV_execute: 23 homes x 1,116 blocks). As facts (ldv/homes.py) a home costs
work where it starts, where it stops holding and where its placement moves.

The shape: n locals whose addresses escape (so they stay in memory), then n
conditional stores (n blocks) reached from every home's start. Compiled at two
sizes, 4x apart; work is counted, never timed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import unchecked_counts  # noqa: E402

SMALL, LARGE = 16, 64
MAX_GROWTH = 5.0  # linear work grows about 4x; homes x blocks about 16x


def _homes_across_blocks(n: int) -> str:
    lines = ["void g(int *);", "int f(int *a, int c, int k0) {"]
    lines += [f"    int v{k} = k0 + {k};" for k in range(n)]  # homes: their addresses
    lines += [f"    g(&v{k});" for k in range(n)]             # escape, their records start
    lines += [f"    if (c > {k}) a[{k}] = c;" for k in range(n)]  # n blocks they reach
    lines += ["    return " + " + ".join(f"v{k}" for k in range(n)) + ";", "}", ""]
    return "\n".join(lines)


# counter -> what grows with homes x blocks when it fails
COUNTERS = {
    "ldv.emit.insts": "the homes' records restated at every block and walked again?",
    "ldv.vars.entries": "every home compared at every block entry?",
    "ldv.idf": "each home's frontier taken over every block it reaches?",
}


def test_home_work_is_linear(tmp_path: Path) -> None:
    small = unchecked_counts(tmp_path / "small.c", _homes_across_blocks(SMALL))
    large = unchecked_counts(tmp_path / "large.c", _homes_across_blocks(LARGE))
    assert small.get("ldv.homes.scanned", 0) > 0, "the shape has no memory homes"
    for counter, suspect in COUNTERS.items():
        assert small.get(counter, 0) > 0, f"{counter} counted nothing"
        growth = large[counter] / small[counter]
        assert growth < MAX_GROWTH, (
            f"{counter} grew {growth:.1f}x for 4x the size "
            f"({small[counter]} -> {large[counter]}): {suspect}")
    # the homes' values need no join: none at all, or as many as the size gives
    joins_small, joins_large = small.get("ldv.vars.joins", 0), large.get("ldv.vars.joins", 0)
    assert joins_large <= MAX_GROWTH * max(joins_small, 1), (
        f"ldv.vars.joins grew {joins_small} -> {joins_large} for 4x the size: "
        "each home joined at every block it reaches?")
