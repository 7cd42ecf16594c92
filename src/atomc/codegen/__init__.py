"""Back end: IR -> machine IR -> x86-64 GNU assembly (with .loc and CFI).

`pipeline` runs it; the folders below hold one job each (docs/architecture.md):
`mir/` the machine IR, `regalloc/` register allocation, `passes/` target-neutral
machine passes, `debuginfo/` scopes, line rows and variable locations, `x86_64/`
the target. This package only re-exports the pipeline's two entry points.
"""

from __future__ import annotations

from .pipeline import compile_function, generate_assembly

__all__ = ["generate_assembly", "compile_function"]
