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
