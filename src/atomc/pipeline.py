"""The middle of the compiler: what runs between the front end and the back end.

Each -O level is a list of registered pass names, run by the PassManager,
which also provides --verify-each, --print-after(-all), --opt-bisect-limit and
the per-pass times that --time-passes reports with the other stages' times
(ir/work.py). `opts.passes` replaces the level's list with an explicit one.
A function with its own level (`optnone`, `optimize(...)`, `#pragma GCC
optimize`: `atomc.optlevel`) gets its level's list, run on it alone.

-O2 inlines small functions, threads jumps, rotates loops, unrolls short
counted loops completely and strength-reduces induction variables; -O3 runs
the same passes with larger thresholds (inlining, partial unrolling): the
passes read the level from their context. -Os keeps -O2's shape with the
small inlining threshold and no unrolling.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from .codegen.x86_64.pic import SymbolPolicy, mark_interposable
from .ir import Module
from .ir.work import STAGES, record, report_stages
from .options import CompileOptions
from .optlevel import function_level

if TYPE_CHECKING:
    from .opt.passmanager import Pass, PassManager

Level = tuple[int, bool]  # (opt level, size_opt)

# div-by-const after the last instcombine: constant divisors are known by then, and no
# later pass needs to see through the multiply it leaves
O1: tuple[str, ...] = ("sroa", "mem2reg", "instcombine", "div-by-const", "simplifycfg", "dce")

# Hook points for the -O3 stages (see pipeline_for): before the scalar
# clean-up (inlining) and after LICM (loop rotation and unrolling).
O2_EARLY: tuple[str, ...] = ("sroa", "mem2reg")
O2_SCALAR: tuple[str, ...] = ("sccp", "instcombine", "simplifycfg", "gvn", "licm")
# mem-value-locs last: it adds register locations to variables kept in memory,
# and no later pass moves the instructions they describe
# sink after dce (no dead user keeps a value in place) and before the last simplifycfg
# loop-load-elim after the loop passes' last instcombine: addresses are then steps of
# pointer or i64 induction variables, their offsets folded to constants
# exit-values after the last pass that changes the CFG or the records it reads, and
# counter-sums after it (a variable's value reaching a loop is its last record there)
O2_LATE: tuple[str, ...] = ("instcombine", "loop-load-elim", "div-by-const", "dce", "sink",
                             "simplifycfg", "exit-values", "counter-sums", "mem-value-locs")
O2_INLINE: tuple[str, ...] = ("inline", "sroa", "mem2reg")
# licm-loads right after rotation: a rotated loop's header runs whenever its preheader
# does, so an invariant load there may move out.
# instcombine again once simplifycfg has merged the chained copies of an unrolled
# loop: it folds their counter steps (k+1)+1 into k+2, the shape iv-sr and lftr read
O2_LOOPS: tuple[str, ...] = ("jump-threading", "loop-rotate", "licm-loads", "unroll-jam",
                             "loop-unroll", "sccp",
                             "instcombine", "simplifycfg", "instcombine", "iv-sr", "lftr",
                             "gvn", "select-form")


def pipeline_for(opt_level: int, size_opt: bool = False) -> list[str]:
    """Pass names for an optimisation level; -O3 and -Os differ from -O2 only in
    the thresholds the passes read from their context."""
    if opt_level <= 0:
        return []
    if opt_level == 1:
        return list(O1)
    return [*O2_EARLY, *O2_INLINE, *O2_SCALAR, *O2_LOOPS, *O2_LATE]


def _verify_input(module: Module) -> None:
    from .diag import InternalCompilerError
    from .ir.verifier import verify_module
    errors = verify_module(module)
    if errors:
        raise InternalCompilerError(f"IR verification failed before optimisation: {errors[0]} "
                                    f"({len(errors)} error(s))")


def build_passes(names: list[str] | tuple[str, ...]) -> list[Pass]:
    from .opt.registry import lookup
    return [lookup(n)() for n in names]


def level_groups(module: Module, opts: CompileOptions) -> dict[Level, frozenset[str]]:
    """The defined functions by the (level, size_opt) each is compiled at (`optnone`,
    `optimize(...)`), the command line's level first."""
    groups: dict[Level, set[str]] = {(opts.opt_level, opts.size_opt): set()}
    for fn in module.functions.values():
        if not fn.is_declaration:
            groups.setdefault(function_level(fn.attrs, opts), set()).add(fn.name)
    return {level: frozenset(names) for level, names in groups.items()}


def optimise(module: Module, opts: CompileOptions, out: TextIO | None = None) -> Module:
    """Run each level's pipeline (or `opts.passes`) on the functions compiled at that
    level; `optnone` functions get none (`--passes` skips them too)."""
    mark_interposable(module, SymbolPolicy(opts.code_model, opts.visibility))
    if opts.verify_each:
        _verify_input(module)
    pm: PassManager | None = None
    if opts.passes is not None:  # every function but the optnone ones (PassContext.covers)
        pm = _run_passes(module, opts, list(opts.passes), out, pm, opts.opt_level, opts.size_opt)
    else:
        for (level, size), functions in level_groups(module, opts).items():
            names = pipeline_for(level, size)
            if not opts.inline_functions:  # -fno-inline
                names = [n for n in names if n != "inline"]
            if names and functions:
                pm = _run_passes(module, opts, names, out, pm, level, size, functions)
    if pm is not None:
        for name, seconds in pm.timings.items():
            record(name, "optimiser", seconds)
        if opts.time_passes and out is not None:  # else the driver reports every stage
            pm.report_times()
    if opts.time_passes and opts.emit_ir and out is None:
        report_stages(sys.stderr)  # no back end runs after --emit-ir
        STAGES.clear()
    for fn in module.functions.values():
        # the passes' shared loop analyses (ir/loops.py `loop_info`) are done with:
        # kept into the back end they cost it some 5% on lvm.c (more live objects)
        fn.loops_kept = None
    return module


def _run_passes(module: Module, opts: CompileOptions, names: list[str], out: TextIO | None,
                pm: PassManager | None, level: int, size_opt: bool,
                functions: frozenset[str] | None = None) -> PassManager:
    """Run `names` at `level` on `functions` (None: all but the optnone ones) with the
    manager of the earlier levels' runs, so that --opt-bisect-limit counts and
    --time-passes sums over all of them. The pass manager and the passes are imported
    here: a compile with nothing to optimise (-O0) never loads them."""
    from .opt.passmanager import PassContext, PassManager

    ctx = PassContext(module, opt_level=level, size_opt=size_opt, functions=functions)
    if pm is not None:
        pm.passes = build_passes(names)
        pm.run(module, ctx)
        return pm
    pm = PassManager(
        build_passes(names),
        verify_each=opts.verify_each,
        print_after_all=opts.print_after_all,
        print_after=frozenset(opts.print_after),
        bisect_limit=opts.opt_bisect_limit,
        out=out if out is not None else sys.stderr,
    )
    pm.run(module, ctx)
    return pm
