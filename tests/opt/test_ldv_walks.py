"""LiveDebugValues walks a function's machine code twice: the first walk
(machine.py) records the state's changes and the values variable records read,
phase E (emit.py) replays it and shows it to the call sites (callsites.py).
Phases C-D and the call sites once made walks of their own, four in all."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import unchecked_counts  # noqa: E402

SOURCE = """
int g(int, int);
int f(int n, int *a) {
    int acc = 0;
    for (int i = 0; i < n; i++) {
        int x = a[i] * 3;
        if (x > n) acc += g(x, i);
        else acc -= g(i, n);
    }
    return acc;
}
"""


def test_two_walks_per_function(tmp_path: Path) -> None:
    counts = unchecked_counts(tmp_path / "walks.c", SOURCE)
    blocks = counts.get("ldv.machine.blocks", 0)
    assert blocks > 3, "the function should have several blocks"
    assert counts.get("ldv.machine.walked", 0) == 2 * blocks, (
        f"{counts.get('ldv.machine.walked', 0)} block entries walked for {blocks} blocks: "
        "a phase walking the function again?")
