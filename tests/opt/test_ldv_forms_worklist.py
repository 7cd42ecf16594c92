"""LiveDebugValues' entry widths (ldv/widths.py, `_solve_entry_forms`) visit a
block again only when a predecessor's exit changed.

The analysis used to sweep every block in reverse post-order until a sweep
changed nothing: at least two sweeps of the whole function (the last one only
confirms), more with nested loops, each sweep stepping every instruction. A
worklist reaches the same fixed point (the meet is over a flat lattice and the
steps are monotone) visiting most blocks once: here, loops that each carry a
32-bit copy of a 64-bit value around their back edge (a narrow form that
reaches the loop header again). Work is counted, never timed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import unchecked_counts  # noqa: E402

LOOPS = 24
MAX_VISITS_PER_BLOCK = 1.5  # whole sweeps: 2 or more


def _narrow_loops(n: int) -> str:
    lines = ["long g(long);", "long f(long *a, int n) {", "    long s = 0;"]
    for k in range(n):
        lines += ["    for (int i = 0; i < n; i++) {",
                  f"        unsigned t{k} = (unsigned)a[i] + {k};",
                  f"        for (int j = 0; j < i; j++) s += g(t{k} + j);",
                  "    }"]
    lines += ["    return s;", "}"]
    return "\n".join(lines) + "\n"


def test_entry_widths_visit_blocks_about_once(tmp_path: Path) -> None:
    counts = unchecked_counts(tmp_path / "loops.c", _narrow_loops(LOOPS))
    blocks = counts["ldv.machine.blocks"]
    assert blocks >= 4 * LOOPS, "the loops no longer reach LiveDebugValues as blocks"
    visits = counts.get("ldv.forms.visits", 0)
    assert blocks <= visits < MAX_VISITS_PER_BLOCK * blocks, (
        f"{visits} block visits for {blocks} blocks: the entry widths sweep the "
        "function again instead of revisiting only what changed")
