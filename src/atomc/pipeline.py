"""The middle of the compiler: what runs between the front end and the back end.

The optimiser (issue 3) plugs its pass pipelines in here. Until it exists,
every -O level compiles like -O0 (the driver's --help says so); the IR
verifier still runs when --verify-each is given.
"""

from __future__ import annotations

from .ir import Module
from .options import CompileOptions


def optimise(module: Module, opts: CompileOptions) -> Module:
    if opts.verify_each:
        from .ir.verifier import check
        check(module)
    return module
