"""LiveDebugValues runs without cyclic collections (debuginfo/deferred_collection.py).

Its per-function state dies by reference counting; a young-generation collection
inside the stage walks all of it to free almost nothing (22 such collections on
sqlite3.c at -O2 -g). Here the collector is made to want a collection at every
allocation: the stage must start none, and leave the collector on afterwards.
Collections are counted, never timed.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from atomc.codegen import generate_assembly
from atomc.codegen.debuginfo import live_debug_values as ldv
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.options import CompileOptions
from atomc.pipeline import optimise

SOURCE = """\
struct node { struct node *next; long v; };
long sum(struct node *n, int k) {
    long s = 0;
    for (; n; n = n->next)
        for (int i = 0; i < k; i++)
            s += n->v * i;
    return s;
}
int pick(int a, int b) { int m = a < b ? a : b; return m * 3 + b; }
"""


@pytest.fixture
def eager_collector() -> Iterator[None]:
    saved = gc.get_threshold()
    was_enabled = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        gc.set_threshold(*saved)
        if not was_enabled:
            gc.disable()


def test_no_collection_inside_live_debug_values(tmp_path: Path, eager_collector: None,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "f.c"
    src.write_text(SOURCE)
    opts = CompileOptions(opt_level=2, debug=True)
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    if not str(ldv.__file__).endswith(".py"):
        pytest.skip("the mypyc-compiled build: the stage's own calls do not go through "
                    "its module's attributes, which this test watches")
    inside = [False]
    runs: list[str] = []
    during: list[int] = []
    outside: list[int] = []

    def watch(name: str) -> None:
        original = getattr(ldv, name)

        def watched(*args: object, **kwargs: object) -> object:
            runs.append(name)
            inside[0] = True
            try:
                return original(*args, **kwargs)
            finally:
                inside[0] = False
        monkeypatch.setattr(ldv, name, watched)

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            (during if inside[0] else outside).append(info["generation"])

    # the stage's two solvers, the bulk of its work (the context manager around
    # them allocates: a collection may start as the stage enters or leaves)
    watch("solve_machine_values")
    watch("compute_var_ranges")
    gc.set_threshold(1)  # a collection at (almost) every allocation
    gc.callbacks.append(seen)
    try:
        generate_assembly(module, opts)
    finally:
        gc.callbacks.remove(seen)
    assert len(runs) == 4, "both functions reach LiveDebugValues"
    assert outside, "the collector ran nowhere: the test cannot see a collection"
    assert not during, f"{len(during)} cyclic collections inside LiveDebugValues"
    assert gc.isenabled(), "the collector stays off after LiveDebugValues"
