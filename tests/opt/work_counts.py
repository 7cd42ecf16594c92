"""The work counters (`atomc.ir.work`) of one -O2 -g compile, for the tests that
catch a pass going quadratic by counting, never by timing."""

from __future__ import annotations

from pathlib import Path

from atomc.codegen import generate_assembly
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import cfgstate, work
from atomc.options import CompileOptions
from atomc.pipeline import optimise


def compile_counts(src: Path, text: str) -> dict[str, int]:
    """Write `text` to `src`, compile it at -O2 -g to assembly, return the counters."""
    src.write_text(text)
    opts = CompileOptions(opt_level=2, debug=True)
    work.reset()
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    generate_assembly(module, opts)
    return work.snapshot()


def unchecked_counts(src: Path, text: str) -> dict[str, int]:
    """`compile_counts` with the IR checks off: checking mode recomputes analyses
    after every edit on purpose, which is work of its own."""
    saved, cfgstate.CHECK = cfgstate.CHECK, False
    try:
        return compile_counts(src, text)
    finally:
        cfgstate.CHECK = saved


def assert_grows_linearly(small: dict[str, int], large: dict[str, int], counter: str,
                          max_growth: float, suspect: str) -> None:
    """`counter` counted something on the small input and grew less than
    `max_growth` times on the large one; else fail naming the `suspect`."""
    assert small.get(counter, 0) > 0, f"{counter} counted nothing"
    growth = large.get(counter, 0) / small[counter]
    assert growth < max_growth, (
        f"{counter} grew {growth:.1f}x for 4x the size "
        f"({small[counter]} -> {large.get(counter, 0)}): {suspect}")
