"""Finding where each memory home starts (memory_homes.py) must not cost the
function's length once per home.

The start is a home's first write after its record: a store into its slot, or,
once its address has been taken, the first call or store through a pointer. A
walk from each record to that write scans the code between them again for every
home: n homes written at the end of a function of n statements is n x n. Work
is counted, never timed, at two sizes 4x apart.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import unchecked_counts  # noqa: E402

SMALL, LARGE = 16, 64
MAX_GROWTH = 5.0  # linear work grows about 4x; a walk per home about 16x


def _homes_written_late(n: int) -> str:
    """n locals whose addresses escape only after n calls: every home's record is
    at the entry and its first write (the call taking its address) at the end."""
    decls = "".join(f"    int v{k};\n" for k in range(n))
    calls = "".join(f"    c = h(c + {k});\n" for k in range(n))
    escapes = "".join(f"    g(&v{k});\n" for k in range(n))
    total = " + ".join(f"v{k}" for k in range(n))
    return ("void g(int *);\nint h(int);\nint f(int c) {\n" + decls + calls + escapes
            + f"    return c + {total};\n}}\n")


def test_home_starts_are_found_in_linear_work(tmp_path: Path) -> None:
    counter = "ldv.homes.scanned"
    small = unchecked_counts(tmp_path / "small.c", _homes_written_late(SMALL))
    large = unchecked_counts(tmp_path / "large.c", _homes_written_late(LARGE))
    assert small.get(counter, 0) > 0, f"{counter} counted nothing"
    growth = large[counter] / small[counter]
    assert growth < MAX_GROWTH, (
        f"{counter} grew {growth:.1f}x for 4x the homes and code "
        f"({small[counter]} -> {large[counter]}): a walk to each home's first write?")
