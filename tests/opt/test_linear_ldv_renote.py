"""A block entry none of whose predecessors was walked must not look at every
variable not assigned yet (ldv/emit.py, `_unassigned_to_renote`).

Such an entry (a loop body entered from its test below it, a dispatch target)
gives a variable not assigned yet the prologue's or "not yet" reason; only the
ones whose current reason is another need placing again. Phase E used to find
them by scanning every variable at every such entry (variables x blocks: Lua's
luaV_execute, 45,000 checks for 40 variables placed); the reason log now keeps
that set as reasons change and variables are assigned (`ReasonLog.unsettled`).

The shape: n variables assigned only at the end, after n loops entered at their
test (`goto`), so each body is a block reached only from below. Compiled at two
sizes 4x apart; work is counted, never timed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import assert_grows_linearly, unchecked_counts  # noqa: E402

SMALL, LARGE = 16, 64
MAX_GROWTH = 5.0  # linear work grows about 4x; variables x blocks about 16x


def _late_variables(n: int) -> str:
    """n variables assigned after n loops whose bodies precede their tests."""
    lines = ["int g(int);", "int f(int *a, int c) {", "    int s = 0;"]
    lines += [f"    int v{k};" for k in range(n)]
    for k in range(n):
        lines += [f"    goto t{k};",
                  f"b{k}: s += g(a[c] + {k}); c--;",
                  f"t{k}: if (c > {k}) goto b{k};"]
    lines += [f"    v{k} = g(s + {k}); s += v{k};" for k in range(n)]
    lines += ["    return s;", "}"]
    return "\n".join(lines) + "\n"


def test_unwalked_entries_scan_no_unassigned_variable(tmp_path: Path) -> None:
    small = unchecked_counts(tmp_path / "small.c", _late_variables(SMALL))
    large = unchecked_counts(tmp_path / "large.c", _late_variables(LARGE))
    # the shape reaches the entries it is about: one per loop body
    assert large.get("ldv.emit.renote", 0) >= LARGE - 1
    assert_grows_linearly(small, large, "ldv.emit.renote", MAX_GROWTH,
                          "variables not assigned yet scanned at every entry no walked "
                          "predecessor reaches")
