"""The sparse machine-value solver (ldv/machine.py) against the dense definition.

LiveDebugValues' phases A and B are defined densely: every location is its own
PHI at every block, and a PHI is eliminated when all reachable predecessors
(in reverse post-order; a back edge carrying the PHI itself aside) agree, the
eliminated one following its first predecessor, until nothing changes.
A PHI is also eliminated when every value reaching it through other surviving
PHIs (a loop nested in another, an irreducible loop: PHIs that feed each other)
is one and the same: it stands for that value. `_dense` below is that
definition, written out as a table of blocks x locations; the solver computes
the same from PHI candidates at iterated dominance frontiers. Every block entry
and exit, for every location, must match, on real functions: loops (kept and
unrolled), breaks, switches, computed gotos (irreducible flow), calls and spills.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.codegen import compile_function
from atomc.codegen.debuginfo.ldv import compute_var_ranges
from atomc.codegen.debuginfo.ldv.callsites import call_site_values
from atomc.codegen.debuginfo.ldv.machine import (
    StateWalker,
    Value,
    phi,
    reverse_post_order,
    solve_machine_values,
    step,
    track_locations,
)
from atomc.codegen.debuginfo.ldv.model import MFunctionView, MLoc
from atomc.codegen.debuginfo.live_debug_values import describe_function
from atomc.codegen.debuginfo.scopes import LabelCounter, insert_scope_labels
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import work
from atomc.options import CompileOptions
from atomc.pipeline import optimise

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "tests" / "exec" / "programs" / n for n in
           ("053_goto.c", "097_bytecode_vm.c", "174_vla_loops.c", "221_computed_goto.c")] + \
          [ROOT / "bench" / "programs" / n for n in ("interp.c", "lz.c", "dp.c", "bignum.c")]


def _dense(fn: MFunctionView) -> tuple[list[dict[MLoc, Value]], list[dict[MLoc, Value]]]:
    locs = track_locations(fn)
    n = len(fn.blocks)
    preds: list[list[int]] = [[] for _ in range(n)]
    for b, blk in enumerate(fn.blocks):
        for s in dict.fromkeys(blk.succs):
            preds[s].append(b)
    rpo = reverse_post_order(fn)
    index = {b: i for i, b in enumerate(rpo)}
    for p in preds:
        p.sort(key=lambda b: index.get(b, len(rpo)))

    def transfer(b: int, entry: dict[MLoc, Value]) -> dict[MLoc, Value]:
        state = dict(entry)
        for k, inst in enumerate(fn.blocks[b].insts, start=1):
            step(state, inst, b, k, fn)
        return state

    live_in = [{loc: phi(b, loc) for loc in locs} for b in range(n)]
    live_out = [transfer(b, live_in[b]) for b in range(n)]

    def surviving(v: Value) -> bool:
        return v[1] == 0 and v[0] != 0 and v[0] in index and live_in[v[0]][v[2]] == v

    def origins(b: int, loc: MLoc) -> set[Value]:
        """The values reaching PHI (b, loc) through surviving PHIs."""
        out: set[Value] = set()
        seen = {(b, loc)}
        todo = [(b, loc)]
        while todo:
            x, xl = todo.pop()
            for p in preds[x]:
                if p not in index:
                    continue
                v = live_out[p][xl]
                if not surviving(v):
                    out.add(v)
                elif (v[0], v[2]) not in seen:
                    seen.add((v[0], v[2]))
                    todo.append((v[0], v[2]))
        return out

    changed = True
    while changed:
        changed = False
        for b in rpo[1:]:
            ps = [p for p in preds[b] if p in index]
            new_in = dict(live_in[b])
            for loc in locs:
                own = phi(b, loc)
                brought = [live_out[p][loc] for p in ps if live_out[p][loc] != own]
                if live_in[b][loc] != own:
                    new_in[loc] = brought[0]
                elif brought and all(v == brought[0] for v in brought):
                    new_in[loc] = brought[0]
                elif len(single := origins(b, loc)) == 1:
                    new_in[loc] = single.pop()
            if new_in != live_in[b]:
                live_in[b], live_out[b] = new_in, transfer(b, new_in)
                changed = True
    return live_in, live_out


def _views(path: Path) -> list[tuple[str, MFunctionView]]:
    opts = CompileOptions(opt_level=2, debug=True)
    module = compile_to_ir(str(path), opts, DiagnosticEngine())
    optimise(module, opts)
    out = []
    for number, fn in enumerate(f for f in module.functions.values() if not f.is_declaration):
        if fn.subprogram is None:
            continue
        mf = compile_function(fn, number, module, True, 2)
        insert_scope_labels(mf, LabelCounter())
        out.append((fn.name, describe_function(mf)[0]))
    return out


# A loop entered at two points (irreducible): the PHIs of what the loop does not
# write feed each other; each stands for the one value that reaches them.
IRREDUCIBLE = """
int sink(int);
int f(int x, int n, int k) {
    int i = k * 3;
    int keep = sink(n);
    if (x) goto b;
a:  i += sink(i);
    if (i < n) goto b;
    return i + keep;
b:  i += 2 * sink(i + 1);
    if (i < n) goto a;
    return i - keep;
}
"""


@pytest.fixture(scope="module")
def irreducible(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ldv") / "irreducible.c"
    path.write_text(IRREDUCIBLE)
    return path


def test_irreducible_loop(irreducible: Path) -> None:
    test_sparse_solution_is_the_dense_one(irreducible)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_sparse_solution_is_the_dense_one(path: Path) -> None:
    checked = 0
    for name, view in _views(path):
        live_in, live_out = _dense(view)
        mv = solve_machine_values(view)
        for b in range(len(view.blocks)):
            for loc in mv.locs:
                assert mv.live_in_at(b, loc) == live_in[b][loc], (name, b, loc, "entry")
                assert mv.live_out_at(b, loc) == live_out[b][loc], (name, b, loc, "exit")
                checked += 1
    assert checked > 200  # the programs are big enough to mean something


@pytest.mark.parametrize("path", SOURCES[:4], ids=lambda p: p.name)
def test_later_walks_replay_the_first(path: Path) -> None:
    """Phases C-D, E and the call sites walk the function again with the first
    walk's record: every block's entry is solved once, not once per walk, and a
    replaying walker holds each block's solved entry and exit values."""
    walked = 0
    for _, view in _views(path):
        work.reset()
        mv = solve_machine_values(view)
        compute_var_ranges(view, "multi", mv)
        call_site_values(view, mv, (), frozenset())
        assert work.snapshot()["ldv.machine.entry_diffs"] == len(view.blocks)
        walker = StateWalker(mv, view, reverse=True)
        for b, blk in enumerate(view.blocks):
            walker.enter(b)
            assert walker.state == {loc: mv.live_in_at(b, loc) for loc in mv.locs}
            for k, inst in enumerate(blk.insts, start=1):
                walker.apply(inst, k)
            assert walker.state == {loc: mv.live_out_at(b, loc) for loc in mv.locs}
            walked += 1
        assert work.snapshot()["ldv.machine.entry_diffs"] == len(view.blocks)
    assert walked > 5
