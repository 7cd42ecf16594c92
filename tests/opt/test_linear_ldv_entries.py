"""LiveDebugValues' per-block and per-function work must not multiply with the
function's size or the module's.

Three shapes that were quadratic in sqlite3 (`sqlite3VdbeExec`, and the
amalgamation's two thousand globals):
- many variables that stay in their registers across many blocks: every block
  entry placed every located variable again (variables x blocks);
- a join of n switch cases, each assigning a variable of its own: each
  variable's join read all n predecessors (n x n);
- a module of n functions, each loading a global: the read-only globals
  were collected again for every function (functions x globals);
- n stack-homed locals whose addresses escape only after n calls: finding
  where each memory home starts (memory_homes.py) walked from its record at
  the entry to its first write at the end (homes x instructions; Lua's
  luaV_execute).
Each is compiled at two sizes, 4x apart. Work is counted, never timed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import unchecked_counts  # noqa: E402

SMALL, LARGE = 16, 64
MAX_GROWTH = 5.0  # linear work grows about 4x; the quadratic shapes grow about 16x


def _held_across_blocks(n: int) -> str:
    """n values loaded up front and summed at the end, with n conditional stores
    (n blocks) between: the values stay in their registers or slots throughout."""
    loads = "".join(f"    int v{k} = a[{k}];\n" for k in range(n))
    ifs = "".join(f"    if (c > {k}) a[{n + k}] = {k};\n" for k in range(n))
    total = " + ".join(f"v{k}" for k in range(n))
    return f"int f(int *a, int c) {{\n{loads}{ifs}    return {total};\n}}\n"


def _cases_with_own_locals(n: int) -> str:
    """Every case assigns a local of its own and breaks to the one join."""
    cases = "".join(f"    case {k}: {{ int v{k} = g(x + {k}); y ^= v{k}; g(v{k}); break; }}\n"
                    for k in range(n))
    return ("int g(int);\nint run(int x, int y) {\n    switch (x) {\n" + cases
            + "    }\n    return y;\n}\n")


def _global_readers(n: int) -> str:
    """n globals and n functions, each loading one of them (whether a global is
    read-only is asked of each symbol a function loads)."""
    globs = "".join(f"int t{k};\n" for k in range(n))
    funcs = "".join(f"int f{k}(int i) {{ int x = t{k}; return x * i + {k}; }}\n"
                    for k in range(n))
    return globs + funcs


def _homes_written_late(n: int) -> str:
    """n locals whose addresses escape only after n calls: every home's record is
    at the entry and its first write (the call taking its address) at the end."""
    decls = "".join(f"    int v{k};\n" for k in range(n))
    calls = "".join(f"    c = h(c + {k});\n" for k in range(n))
    escapes = "".join(f"    g(&v{k});\n" for k in range(n))
    total = " + ".join(f"v{k}" for k in range(n))
    return ("void g(int *);\nint h(int);\nint f(int c) {\n" + decls + calls + escapes
            + f"    return c + {total};\n}}\n")


SHAPES = {
    "entries": (_held_across_blocks, "ldv.emit.entry_placed",
                "every located variable placed again at every block entry?"),
    "big_join": (_cases_with_own_locals, "ldv.vars.joins",
                 "each case's variable reads every case at the join?"),
    "read_only": (_global_readers, "ldv.read_only.globals",
                  "every global checked again for every function?"),
    "homes": (_homes_written_late, "ldv.homes.scanned",
              "a walk from each memory home's record to its first write?"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_work_is_linear_in_the_shape(shape: str, tmp_path: Path) -> None:
    make: Callable[[int], str]
    make, counter, suspect = SHAPES[shape]
    small = unchecked_counts(tmp_path / "small.c", make(SMALL))
    large = unchecked_counts(tmp_path / "large.c", make(LARGE))
    assert small.get(counter, 0) > 0, f"{counter} counted nothing"
    growth = large[counter] / small[counter]
    assert growth < MAX_GROWTH, (
        f"{counter} grew {growth:.1f}x for 4x the size "
        f"({small[counter]} -> {large[counter]}): {suspect}")
