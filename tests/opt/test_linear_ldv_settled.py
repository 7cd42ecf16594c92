"""LiveDebugValues' block entries must not visit every located variable.

Phase E (ldv/emit.py) re-places at a block entry only the variables whose
placement can change there. A variable in a machine location stays where it is
unless something its placement reads changed since the last entry (its own
value or location, the locations holding its value, their widths): visiting
every located variable at every entry to find it `settled` cost variables x
blocks (sqlite3: 1.5M checks). A variable with `add`/`delete` records
(opt/memlocs.py) was visited at every entry as well, to look for an added
location, which only a variable outside a machine location can take.

Two shapes, each compiled at two sizes 4x apart; work is counted, never timed:
n values live in registers and spill slots across n conditional blocks, and n
address-taken locals (memory homes with `add` records) across n such blocks.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import DbgKind
from atomc.options import CompileOptions
from atomc.pipeline import optimise

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import assert_grows_linearly, unchecked_counts  # noqa: E402

SMALL, LARGE = 16, 64
MAX_GROWTH = 5.0  # linear work grows about 4x; variables x blocks about 16x


def _live_across_blocks(n: int) -> str:
    """n values kept (in registers, most of them spilled) across n blocks."""
    lines = ["int f(int *a, int c) {"]
    lines += [f"    int v{k} = a[{k}] * {k + 3};" for k in range(n)]
    lines += [f"    if (c > {k}) a[{k + n}] = c;" for k in range(n)]
    lines += ["    return " + " + ".join(f"v{k}" for k in range(n)) + ";", "}", ""]
    return "\n".join(lines)


def _added_homes_across_blocks(n: int) -> str:
    """n memory homes, each with an `add` (its stored value's register), across n blocks."""
    lines = ["void g(int *);", "int f(int *a, int c, int k0) {"]
    lines += [f"    int v{k} = k0 + {k};" for k in range(n)]
    lines += [f"    g(&v{k});" for k in range(n)]
    lines += [f"    if (c > {k}) a[{k}] = c;" for k in range(n)]
    lines += ["    return " + " + ".join(f"v{k}" for k in range(n)) + ";", "}", ""]
    return "\n".join(lines)


@pytest.mark.parametrize(("shape", "suspect"), [
    (_live_across_blocks, "every located variable checked `settled` at every entry?"),
    (_added_homes_across_blocks, "every variable with added locations placed at every entry?"),
])
def test_entry_work_is_linear(tmp_path: Path, shape: Callable[[int], str], suspect: str) -> None:
    small = unchecked_counts(tmp_path / "small.c", shape(SMALL))
    large = unchecked_counts(tmp_path / "large.c", shape(LARGE))
    assert_grows_linearly(small, large, "ldv.emit.entry_vars", MAX_GROWTH, suspect)


def test_added_homes_shape_has_adds(tmp_path: Path) -> None:
    """The second shape is what it says: its homes carry `add` records."""
    src = tmp_path / "adds.c"
    src.write_text(_added_homes_across_blocks(4))
    opts = CompileOptions(opt_level=2, debug=True)
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    fn = module.functions["f"]
    kinds = {r.kind for i in fn.insts() for r in i.dbg_records}
    assert DbgKind.ADD in kinds
