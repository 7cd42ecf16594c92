"""LiveDebugValues must not solve every variable at every block.

Phases C-D (ldv/variables.py) find each variable's value at each block entry.
Solved densely (a fixed point over all blocks per variable) that is variables x
blocks, and inlining makes both grow with the code. Solved sparsely, a
variable's joins sit only at the iterated dominance frontier of the blocks that
assign it, and the other blocks are reached through the dominator tree. One
function calls an inline helper with a loop and its own locals n times; the
joins evaluated, the dominator-tree steps and the block entries compared may
grow less than 5x for 4x the calls (variables x blocks grows about 16x).
Work is counted, never timed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from atomc.ir import cfgstate

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import compile_counts  # noqa: E402

SMALL, LARGE = 40, 160
MAX_GROWTH = 5.0


def _inlined_loops(n: int) -> str:
    helper = ("int g(int);\n"
              "static inline __attribute__((always_inline)) int step(int x, int k) {\n"
              "    int t = x;\n"
              "    for (int i = 0; i < k; i++)\n"
              "        t = t * 3 + g(i);\n"
              "    int u = t ^ (t >> 3);\n    return u;\n}\n")
    body = "".join(f"    a = step(a, b + {k});\n" for k in range(n))
    return helper + "int f(int a, int b) {\n" + body + "    return a;\n}\n"


def _small_and_large(tmp_path: Path, source: Callable[[int], str]
                     ) -> tuple[dict[str, int], dict[str, int]]:
    """The counters of `source(SMALL)` and `source(LARGE)` (IR checks off: they
    count work of their own)."""
    saved, cfgstate.CHECK = cfgstate.CHECK, False
    try:
        return (compile_counts(tmp_path / "small.c", source(SMALL)),
                compile_counts(tmp_path / "large.c", source(LARGE)))
    finally:
        cfgstate.CHECK = saved


def test_variable_values_are_solved_sparsely(tmp_path: Path) -> None:
    small, large = _small_and_large(tmp_path, _inlined_loops)
    assert large["ldv.machine.blocks"] >= 3 * small["ldv.machine.blocks"], \
        "the input no longer grows in blocks: the check below proves nothing"
    for counter in ("ldv.vars.joins", "ldv.vars.lookups", "ldv.vars.entries"):
        assert small.get(counter, 0) > 0, f"{counter} counted nothing"
        growth = large[counter] / small[counter]
        assert growth < MAX_GROWTH, (
            f"{counter} grew {growth:.1f}x for 4x the inlined copies "
            f"({small[counter]} -> {large[counter]}): every variable at every block?")


def _long_block(n: int) -> str:
    """One block assigning n variables, each a call's result (kept, not folded)."""
    body = "".join(f"    int v{k} = g(v{k - 1} + {k});\n" for k in range(1, n))
    return f"int g(int);\nint f(int a) {{\n    int v0 = g(a);\n{body}    return v{n - 1};\n}}\n"


def test_block_assignments_check_only_overlapping_fragments(tmp_path: Path) -> None:
    """An assignment ends the other fragments of its variable: checking it against
    every variable the block assigned before is quadratic in a long block."""
    small, large = _small_and_large(tmp_path, _long_block)
    counter = "ldv.vars.overlap_checks"
    assert small.get(counter, 0) > 0, f"{counter} counted nothing"
    growth = large[counter] / small[counter]
    assert growth < MAX_GROWTH, (
        f"{counter} grew {growth:.1f}x for 4x the variables in one block "
        f"({small[counter]} -> {large[counter]}): every variable against every other?")
