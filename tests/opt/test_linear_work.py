"""Compile work must grow linearly with the code: a guard against quadratic passes.

Every analysis and pass that walks a function or a region counts what it
visits (atomc/ir/work.py). One generated function (bench/scaling_source.py:
assignments, ifs, counted loops that unroll, loops with run-time bounds, calls,
flags tested after a join) is compiled at -O2 -g with 400 and with 1600
statements; each counter may grow less than 5x for the 4x larger input (a
quadratic algorithm grows about 16x; below 400 statements small-size effects
blur the ratios). Work is counted, never timed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import cfgstate, work
from atomc.options import CompileOptions
from atomc.pipeline import optimise

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).parent))
from scaling_source import generate  # noqa: E402
from work_counts import compile_counts  # noqa: E402

SMALL, LARGE = 400, 1600
MAX_GROWTH = 5.0

# What each counter guards (the counter is named after the code that counts)
COUNTERS = {
    # duplication passes: no dominator tree, loop info or mem2reg per loop
    "domtree.nodes": "dominator trees built (once per pass, not per loop)",
    "domtree.reused": "dominator trees handed out again (the CFG unchanged since the last)",
    "loopinfo.blocks": "loop analyses (once per pass, not per loop)",
    "loopinfo.built": "loop analyses built (the CFG changed since the last)",
    "loopinfo.reused": "loop analyses handed out again (the CFG unchanged since the last)",
    "function.predecessors": "predecessor maps (once per pass, not per loop)",
    "mem2reg.blocks": "whole-function mem2reg runs (not one per rotated or unrolled loop)",
    "ssa_repair.blocks": "SSA repair of demoted values: live range and frontier walks",
    "ssa_repair.touched": "SSA repair: blocks renamed",
    "cfgstate.recompute": "dominator/predecessor state recomputed from scratch",
    "loopqueue.reset": "loop order recomputed from scratch",
    "loopqueue.exit_search": "bounded searches from loop exits",
    "blockorder.materialize": "block lists rebuilt from a pending order",
    "jump-threading.blocks": "jump threading: blocks scanned for candidates (once)",
    # other passes
    "licm.blocks": "LICM: loop bodies walked",
    "sccp.visits": "SCCP: instructions evaluated and block arguments met (worklists, not sweeps)",
    "dce.edges": "DCE: incoming edges read for live block parameters",
    "simplifycfg.blocks": "simplifycfg: blocks per threading step",
    "simplifycfg.tail_blocks": "simplifycfg: blocks per tail-merging step",
    "simplifycfg.merges": "simplifycfg: blocks merged into their predecessor",
    "simplifycfg.merge_pred_entries": "simplifycfg: predecessor entries merges rewrite "
                                      "(test_linear_switch: not the join's list each time)",
    "sink.blocks": "sink: blocks (once per pass)",
    "sink.insts": "sink: instructions of branching blocks tried",
    "exit_values.records": "exit-values: records read (each block for one join predecessor)",
    # back end
    "schedule.edges": "scheduler dependence edges (barriers, the branch's compare and an "
                      "inlined loop's entry tail implicit)",
    "cfg.successors": "machine CFG reads: blocks (kept while the CFG does not change)",
    "cfg.reads": "machine CFG reads (kept while the CFG does not change)",
    "schedule.issues": "scheduler issues",
    "regalloc.liveness": "liveness worklist visits",
    "regalloc.liveness.solves": "block liveness solved (once per function: the coalescer "
                                "hands it to the allocator, regalloc/facts.py)",
    "coalesce.positions": "copy coalescing: positions numbered for the live segments",
    "coalesce.renamed": "copy coalescing: operand lists rebuilt by the rename (only the "
                        "instructions naming a merged register)",
    "coalesce.checks": "copy coalescing: segments tested for overlap (smaller side, bisection)",
    "zext.blocks": "redundant-zext: dataflow block visits",
    "regalloc.ranges": "physical-register ranges examined per interval",
    "mir_dce.insts": "machine DCE candidates",
    "peephole.scan": "instructions scanned for flag liveness",
    "labels.rebuilt": "instructions copied while inserting labels",
    "scopes.boundary_visits": "scope ranges: blocks visited solving where control arrives "
                              "from and goes on to (a worklist, not sweeps until stable)",
    "scopes.next_located": "scope ranges: instructions swept for the next located one "
                           "(once per block, not from each location-less instruction)",
    "iteration_heads.scanned": "line rows: instructions scanned for an unrolled trip's "
                               "header row (its own block, not the function before it)",
    "rewrite.unlink_scan": "block order walks taking deleted blocks out (once per pass "
                           "that folds many, not once per fold)",
    "ldv.machine.blocks": "LiveDebugValues: blocks",
    "ldv.machine.phis": "LiveDebugValues: machine PHI candidates",
    "ldv.machine.pushes": "LiveDebugValues: values placed by the renaming walk",
    "ldv.machine.checks": "LiveDebugValues: PHI redundancy checks",
    "ldv.machine.lookups": "LiveDebugValues: dominator-tree lookups",
    "ldv.machine.diff": "LiveDebugValues: block-entry differences",
    "ldv.machine.entry_diffs": "LiveDebugValues: block entries solved (later walks replay)",
    "ldv.emit.insts": "LiveDebugValues: instructions walked by phase E",
    "ldv.emit.entry_vars": "LiveDebugValues: variables looked at at block entries",
    "ldv.emit.entry_placed": "LiveDebugValues: variables placed again at block entries",
    "ldv.machine.walked": "LiveDebugValues: block entries walked (the first walk, phase E's)",
    "ldv.forms.visits": "LiveDebugValues: blocks visited solving entry widths (worklist)",
    "ldv.vars.passes": "LiveDebugValues: passes over a variable's joins",
    "ldv.vars.solved": "LiveDebugValues: variables solved sparsely",
    "ldv.read_only.globals": "LiveDebugValues: globals checked for read-only loads",
    "ldv.reasons.changed": "LiveDebugValues: reason changes read at block entries (once per join)",
    "ldv.idf": "LiveDebugValues: blocks visited placing a variable's joins (iterated frontier)",
    "ldv.vars.entries": "LiveDebugValues: variable values looked up at block entries",
    "ldv.vars.joins": "LiveDebugValues: variable joins evaluated",
    "ldv.vars.lookups": "LiveDebugValues: dominator-tree lookups of a variable's value",
    "ldv.vars.overlap_checks": "LiveDebugValues: fragment overlap checks of an assignment",
    "ldv.emit.inherited": "LiveDebugValues: block entries that inherit a predecessor's state",
    "scopes.computed": "instruction scopes computed (once per function unless invalidated)",
    "return_brace.scanned": "return-brace: instructions read at block tails (test_return_brace_work)",
    "line_rows.key_scan": "line rows: instructions scanned for the Key Instructions key set "
                          "(once per function, and only when a scope uses it)",
}


# counters this input may not reach (the shapes they guard are rare)
OPTIONAL = {"loopqueue.exit_search", "cfgstate.lca", "rewrite.dependents_scan",
            "ldv.emit.renote"}
COUNTERS.update({
    "cfgstate.lca": "nearest common dominators found by walking up (jump threading, unrolling)",
    "rewrite.dependents_scan": "whole-function searches for records tied to a detached one",
    "dupsession.setup": "duplication pass set-up (once per pass)",
    "licm.setup": "LICM set-up (once per pass)",
    "dce.blocks": "DCE: blocks",
    "ssa_repair.accesses": "SSA repair: slot accesses",
    "ssa_repair.chain": "SSA repair: dominator-tree walks for reaching values",
    "mem2reg.scan": "mem2reg: instructions scanned for the slots' stores and loads (once)",
    "mem2reg.renamed": "mem2reg: current values saved and restored by the renaming walk",
    "ldv.emit.renote": "LiveDebugValues: variables not assigned yet placed again at entries "
                       "no walked predecessor reaches (test_linear_ldv_renote)",
})


def _counts(size: int, tmp: Path) -> dict[str, int]:
    return compile_counts(tmp / f"scale{size}.c", generate(size))


@pytest.fixture(scope="module")
def counts(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, int], dict[str, int]]:
    tmp = tmp_path_factory.mktemp("linear")
    # checking mode recomputes analyses after every edit on purpose: counted without it
    saved, cfgstate.CHECK = cfgstate.CHECK, False
    try:
        return _counts(SMALL, tmp), _counts(LARGE, tmp)
    finally:
        cfgstate.CHECK = saved


@pytest.mark.parametrize("counter", sorted(COUNTERS))
def test_work_grows_linearly(counter: str, counts: tuple[dict[str, int], dict[str, int]]) -> None:
    small, large = counts
    if counter in OPTIONAL and not large.get(counter):
        pytest.skip(f"{counter}: not reached by this input")
    assert large.get(counter, 0) > 0, f"{counter} ({COUNTERS[counter]}) counted nothing"
    base = max(small.get(counter, 0), 1)
    growth = large[counter] / base
    assert growth < MAX_GROWTH, (
        f"{counter} ({COUNTERS[counter]}) grew {growth:.1f}x for {LARGE // SMALL}x the "
        f"statements ({small.get(counter, 0)} -> {large[counter]}): quadratic?")


def test_every_counter_is_guarded(counts: tuple[dict[str, int], dict[str, int]]) -> None:
    """A new counter gets a line in COUNTERS (and so a growth check)."""
    _, large = counts
    unguarded = sorted(set(large) - set(COUNTERS))
    assert not unguarded, f"counters without a growth check: {unguarded}"


def _many_locals(n: int) -> str:
    """One function whose every statement block declares its own local: slots and
    blocks both grow with n (a per-slot walk over the function is quadratic)."""
    body = [f"    {{ int t{k} = a + {k}; if (t{k} & 3) a += t{k}; else a -= t{k} >> 1; }}"
            for k in range(n)]
    return "int f(int a) {\n" + "\n".join(body) + "\n    return a;\n}\n"


def test_mem2reg_linear_in_slots_times_blocks(tmp_path: Path) -> None:
    def count(n: int) -> dict[str, int]:
        src = tmp_path / f"locals{n}.c"
        src.write_text(_many_locals(n))
        opts = CompileOptions(opt_level=2, passes=("mem2reg",))
        work.reset()
        optimise(compile_to_ir(str(src), opts, DiagnosticEngine()), opts)
        return work.snapshot()

    small, large = count(SMALL // 2), count(LARGE // 2)
    for counter in ("mem2reg.scan", "mem2reg.renamed"):
        assert small.get(counter, 0) > 0, f"{counter} counted nothing"
        growth = large[counter] / small[counter]
        assert growth < MAX_GROWTH, f"{counter} grew {growth:.1f}x for 4x the locals: quadratic?"


def _dispatch(cases: int, variables: int = 16) -> str:
    """An interpreter loop: a switch whose every case updates one of a fixed set of
    variables and jumps back to the join, so the join block has `cases` incoming
    edges, each passing every variable."""
    decls = "".join(f"    int v{k} = {k};\n" for k in range(variables))
    body = "".join(f"        case {c}: v{c % variables} += pc * {c + 1}; break;\n"
                   for c in range(cases))
    total = " + ".join(f"v{k}" for k in range(variables))
    return (f"int f(const unsigned char *code, int n) {{\n{decls}"
            f"    for (int pc = 0; pc < n; pc++) {{\n        switch (code[pc]) {{\n{body}"
            f"        }}\n    }}\n    return {total};\n}}\n")


def test_sccp_linear_in_dispatch_edges(tmp_path: Path) -> None:
    """SCCP meets one block argument per change, not every parameter over every
    incoming edge (parameters x edges per change: quadratic in a dispatch block)."""
    def count(cases: int) -> int:
        src = tmp_path / f"dispatch{cases}.c"
        src.write_text(_dispatch(cases))
        opts = CompileOptions(opt_level=2, passes=("mem2reg", "sccp"))
        work.reset()
        optimise(compile_to_ir(str(src), opts, DiagnosticEngine()), opts)
        return work.snapshot().get("sccp.visits", 0)

    small, large = count(SMALL // 4), count(LARGE // 4)
    assert small > 0, "sccp.visits counted nothing"
    growth = large / small
    assert growth < MAX_GROWTH, f"sccp.visits grew {growth:.1f}x for 4x the cases: quadratic?"
