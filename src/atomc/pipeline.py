"""The middle of the compiler: what runs between the front end and the back end.

Each -O level is a list of registered pass names, run by the PassManager,
which also provides --verify-each, --print-after(-all), --opt-bisect-limit and
--time-passes. `opts.passes` replaces the level's list with an explicit one.

-O3 starts from -O2; its extra stages (inlining with a cost model, loop
rotation and unrolling) are spliced in at the marked hook points once those
passes exist, so the scalar clean-up around them stays in one place.
"""

from __future__ import annotations

import sys
from typing import TextIO

from .ir import Module
from .opt.passmanager import Pass, PassContext, PassManager
from .opt.registry import lookup
from .options import CompileOptions

O1: tuple[str, ...] = ("mem2reg", "instcombine", "simplifycfg", "dce")

# Hook points for the -O3 stages (see pipeline_for): before the scalar
# clean-up (inlining) and after LICM (loop rotation and unrolling).
O2_EARLY: tuple[str, ...] = ("sroa", "mem2reg")
O2_SCALAR: tuple[str, ...] = ("sccp", "instcombine", "simplifycfg", "gvn", "licm")
O2_LATE: tuple[str, ...] = ("instcombine", "dce", "simplifycfg")
O3_INLINE: tuple[str, ...] = ()  # e.g. ("inline", "sroa", "mem2reg") once the inliner exists
O3_LOOPS: tuple[str, ...] = ()  # e.g. ("loop-rotate", "loop-unroll")


def pipeline_for(opt_level: int, size_opt: bool = False) -> list[str]:
    """Pass names for an optimisation level (-Os is -O2 without the -O3 stages)."""
    if opt_level <= 0:
        return []
    if opt_level == 1:
        return list(O1)
    if opt_level == 2 or size_opt:
        return [*O2_EARLY, *O2_SCALAR, *O2_LATE]
    return [*O2_EARLY, *O3_INLINE, *O2_SCALAR, *O3_LOOPS, *O2_LATE]


def _verify_input(module: Module) -> None:
    from .diag import InternalCompilerError
    from .ir.verifier import verify_module
    errors = verify_module(module)
    if errors:
        raise InternalCompilerError(f"IR verification failed before optimisation: {errors[0]} "
                                    f"({len(errors)} error(s))")


def build_passes(names: list[str] | tuple[str, ...]) -> list[Pass]:
    return [lookup(n)() for n in names]


def optimise(module: Module, opts: CompileOptions, out: TextIO | None = None) -> Module:
    names = list(opts.passes) if opts.passes is not None else \
        pipeline_for(opts.opt_level, opts.size_opt)
    if opts.verify_each:
        _verify_input(module)
    if not names:
        return module
    pm = PassManager(
        build_passes(names),
        verify_each=opts.verify_each,
        print_after_all=opts.print_after_all,
        print_after=frozenset(opts.print_after),
        bisect_limit=opts.opt_bisect_limit,
        time_passes=opts.time_passes,
        out=out if out is not None else sys.stderr,
    )
    pm.run(module, PassContext(module, opt_level=opts.opt_level, size_opt=opts.size_opt))
    return module
