"""LiveDebugValues' per-block and per-function work must not multiply with the
function's size or the module's.

Three shapes that were quadratic in sqlite3 (`sqlite3VdbeExec`, and the
amalgamation's two thousand globals):
- many variables that stay in their registers across many blocks: every block
  entry placed every located variable again (variables x blocks);
- a join of n switch cases, each assigning a variable of its own: each
  variable's join read all n predecessors (n x n);
- a module of n functions, each loading a global: the read-only globals
  were collected again for every function (functions x globals).
Each is compiled at two sizes, 4x apart. Work is counted, never timed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from atomc.ir import cfgstate

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import compile_counts  # noqa: E402

SMALL, LARGE = 16, 64
MAX_GROWTH = 5.0  # linear work grows about 4x; the quadratic shapes grow about 16x


def _counts(tmp: Path, name: str, text: str) -> dict[str, int]:
    saved, cfgstate.CHECK = cfgstate.CHECK, False
    try:
        return compile_counts(tmp / name, text)
    finally:
        cfgstate.CHECK = saved


def _growth(tmp: Path, source: str, make: object, counter: str) -> tuple[float, int, int]:
    assert callable(make)
    small = _counts(tmp, f"{source}_small.c", make(SMALL))
    large = _counts(tmp, f"{source}_large.c", make(LARGE))
    assert small.get(counter, 0) > 0, f"{counter} counted nothing"
    return large[counter] / small[counter], small[counter], large[counter]


def _held_across_blocks(n: int) -> str:
    """n values loaded up front and summed at the end, with n conditional stores
    (n blocks) between: the values stay in their registers or slots throughout."""
    loads = "".join(f"    int v{k} = a[{k}];\n" for k in range(n))
    ifs = "".join(f"    if (c > {k}) a[{n + k}] = {k};\n" for k in range(n))
    total = " + ".join(f"v{k}" for k in range(n))
    return f"int f(int *a, int c) {{\n{loads}{ifs}    return {total};\n}}\n"


def test_block_entries_place_again_only_what_moved(tmp_path: Path) -> None:
    growth, small, large = _growth(tmp_path, "held", _held_across_blocks,
                                   "ldv.emit.entry_placed")
    assert growth < MAX_GROWTH, (
        f"entry placements grew {growth:.1f}x for 4x the variables and blocks "
        f"({small} -> {large}): every located variable placed at every entry?")


def _cases_with_own_locals(n: int) -> str:
    """Every case assigns a local of its own and breaks to the one join."""
    cases = "".join(f"    case {k}: {{ int v{k} = g(x + {k}); y ^= v{k}; g(v{k}); break; }}\n"
                    for k in range(n))
    return ("int g(int);\nint run(int x, int y) {\n    switch (x) {\n" + cases
            + "    }\n    return y;\n}\n")


def test_big_join_reads_only_predecessors_under_the_variables_sources(
        tmp_path: Path) -> None:
    growth, small, large = _growth(tmp_path, "cases", _cases_with_own_locals,
                                   "ldv.vars.joins")
    assert growth < MAX_GROWTH, (
        f"variable joins grew {growth:.1f}x for 4x the cases ({small} -> {large}): "
        f"each case's variable reads every case at the join?")


def _global_readers(n: int) -> str:
    """n globals and n functions, each loading one of them (whether a global is
    read-only is asked of each symbol a function loads)."""
    globs = "".join(f"int t{k};\n" for k in range(n))
    funcs = "".join(f"int f{k}(int i) {{ int x = t{k}; return x * i + {k}; }}\n"
                    for k in range(n))
    return globs + funcs


def test_read_only_globals_are_checked_per_load_not_per_function(tmp_path: Path) -> None:
    growth, small, large = _growth(tmp_path, "globals", _global_readers,
                                   "ldv.read_only.globals")
    assert growth < MAX_GROWTH, (
        f"read-only global checks grew {growth:.1f}x for 4x the functions and globals "
        f"({small} -> {large}): every global checked for every function?")
