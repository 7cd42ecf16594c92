"""bench/notyet_split.py's reading of the -O0 IR: whether a variable is assigned on
reaching each line's code, on no path, in an earlier loop iteration only, on some
paths, or on every path. Its split of zlib's "not assigned yet" bytes decides which
of them can honestly get a location (issue 15), so its states must be right."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from notyet_split import line_states  # noqa: E402

SOURCE = """int g(int);
int f(int n, int c)
{
    int a, b, t, s;
    a = g(0);
    if (c)
        b = g(1);
    s = 0;
    for (int i = 0; i < n; i++) {
        s += g(s);
        t = g(i);
        s += t;
    }
    return a + b + s;
}
"""


def _states(tmp_path: Path) -> dict[str, dict[int, str]]:
    src = tmp_path / "s.c"
    src.write_text(SOURCE)
    ir = tmp_path / "s.ir"
    subprocess.run([sys.executable, "-m", "atomc", "-O0", "-g", "-S", "--emit-ir", str(src),
                    "-o", str(ir)], check=True)
    return {name: lines for (name, _), lines in line_states(ir.read_text())["f"].items()}


def test_assigned_on_no_path_some_paths_and_every_path(tmp_path: Path) -> None:
    st = _states(tmp_path)
    assert st["a"][5] == "before" and st["a"][6] == "every" and st["a"][14] == "every"
    assert st["b"][7] == "before"  # the line assigning it: not yet on reaching its code
    assert st["b"][8] == "some" and st["b"][14] == "some"  # only if c
    assert st["n"][5] == "every"  # a parameter: the prologue stored it


def test_a_loop_body_before_the_assignment_has_only_the_previous_iteration(
        tmp_path: Path) -> None:
    st = _states(tmp_path)
    assert st["t"][10] == "loop" and st["t"][11] == "loop" and st["t"][12] == "every"
    assert st["t"][14] == "some"  # after the loop: only if it ran
