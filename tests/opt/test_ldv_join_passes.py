"""A variable's joins (ldv/variables.py, `_VarSolution`) are solved in one pass
in reverse post-order when no join reads one not computed yet, that is when no
back edge carries the variable's value to a join: the second pass that used to
confirm the fixed point recomputed every join of every loop-free variable.
(Loops that need more passes: tests/unit/test_ldv_nested_loop_phis.py.)

The shape: two variables joined at three if/else merges, each join a PHI of
the registers holding the incoming values (a variable-PHI kept)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import unchecked_counts  # noqa: E402

LOOP_FREE = """
int g(int);
int f(int a, int b, int c) {
    int x = a, y = b;
    if (c > 1) x = g(a); else y = g(b);
    if (c > 2) { x = g(x); y = x + 1; }
    if (c > 3) y = g(y); else x = g(y);
    return g(x) + g(y);
}
"""


def test_loop_free_variables_take_one_pass(tmp_path: Path) -> None:
    counts = unchecked_counts(tmp_path / "free.c", LOOP_FREE)
    solved = counts.get("ldv.vars.solved", 0)
    assert solved > 0, "no variable solved"
    assert counts.get("ldv.vars.passes", 0) == solved, "a second pass over loop-free joins"

