"""Memory homes given to LiveDebugValues as facts (ldv/homes.py) must locate
every variable exactly as the records they stand for, restated at the entry of
every block the home reaches (`expand_homes`), would: the same ranges and the
same reasons where there is none, in both location-list modes.

The solver runs on the view with facts and on its expansion, and the results
are compared: for every function with homes of C programs compiled at -O2 -g,
and for random machine functions (blocks cut into parts, loops, homes that
start anywhere, their `add`, `delete` and undefining records, slots written or
not, other variables in registers and spill slots).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from atomc.codegen import generate_assembly
from atomc.codegen.debuginfo import live_debug_values as ldv_adapter
from atomc.codegen.debuginfo.ldv import compute_var_ranges
from atomc.codegen.debuginfo.ldv.homes import expand_homes
from atomc.codegen.debuginfo.ldv.machine import solve_machine_values
from atomc.codegen.debuginfo.ldv.model import (
    DebugValue,
    HomeFact,
    MBlockView,
    MFunctionView,
    MInstView,
    VarKey,
    WhyRange,
    reg,
    slot,
)
from atomc.codegen.debuginfo.memory_homes import _reachable
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir.dbgrecords import DbgKind
from atomc.options import CompileOptions, LoclistMode
from atomc.pipeline import optimise

PROGRAMS = {
    # a home first written inside a loop: restated at the loop head, walked before
    # the write that starts it; the loop's exit and the code after it
    "loop": """
void g(int *); int h(int);
int f(int n) {
    int acc = 0;
    for (int i = 0; i < n; i++) {
        int x;
        x = h(i);
        g(&x);
        acc += x;
    }
    return acc;
}
""",
    # homes written on one path only, blocks cut by branches in their middle,
    # a switch: the later parts of a block take the home from the part before
    "paths": """
void g(int *); int h(int);
int f(int c, int *a) {
    int x, y = c;
    g(&y);
    if (c > 3) { x = h(c); g(&x); a[0] = x; }
    switch (c) {
    case 1: a[1] = y; break;
    case 2: a[2] = h(y); break;
    case 5: a[3] = y + 1; /* fall through */
    default: a[4] = c;
    }
    while (a[0] < c) a[0] += h(a[1]);
    return y + a[0];
}
""",
    # homes whose values are also held in registers after stores to them (`add`
    # and `delete` records), in a loop with early exits
    "stores": """
void g(int *); int h(int);
int f(int n, int *a) {
    int s = 0, t = 1;
    g(&s); g(&t);
    for (int i = 0; i < n; i++) {
        s += a[i];
        if (s > 100) break;
        t = t * 3 + s;
        if (h(t)) continue;
        g(&s);
    }
    return s + t;
}
""",
    # many homes and many blocks (the shape that made them expensive)
    "many": """
void g(int *); int h(int);
int f(int *a, int c) {
    int v0 = c, v1 = c + 1, v2 = c + 2, v3 = c + 3;
    g(&v0); g(&v1); g(&v2); g(&v3);
    for (int i = 0; i < c; i++) {
        if (a[i] > 0) a[i] = h(v0);
        else if (a[i] < -5) { v1 = a[i]; g(&v1); }
        else a[i] = v2;
    }
    do { v3 = h(v3); } while (v3 < c);
    return v0 + v1 + v2 + v3;
}
""",
}


def _compare(monkeypatch: pytest.MonkeyPatch, src: Path, text: str, mode: LoclistMode) -> int:
    """Compile, comparing each function with homes; how many had homes."""
    solve = ldv_adapter.compute_var_ranges
    seen = [0]

    def both(view, mode, mv, gaps, calls, during=None):  # type: ignore[no-untyped-def]
        ranges = solve(view, mode, mv, gaps, calls, during)
        if view.homes:
            seen[0] += 1
            written = expand_homes(view)
            assert not written.homes
            gaps2: list = []
            ranges2 = solve(written, mode, solve_machine_values(written), gaps2)
            assert ranges == ranges2, "a home located differently from its records"
            assert gaps == gaps2, "a reason differs from its records'"
        return ranges

    monkeypatch.setattr(ldv_adapter, "compute_var_ranges", both)
    src.write_text(text)
    opts = CompileOptions(opt_level=2, debug=True, loclist_mode=mode)
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    generate_assembly(module, opts)
    return seen[0]


@pytest.mark.parametrize("mode", [LoclistMode.SINGLE, LoclistMode.MULTI])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_facts_locate_as_restated_records(name: str, mode: LoclistMode, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    assert _compare(monkeypatch, tmp_path / f"{name}.c", PROGRAMS[name], mode) > 0, \
        "no function with memory homes"


def _random_function(rng: random.Random) -> MFunctionView:
    """Machine blocks of one to three parts each (a part other than the first
    has the part before as its only predecessor), random branches between
    machine blocks, and homes whose reach is every part of the machine blocks
    reachable from the one where their record is (as memory_homes.py gives)."""
    regs = [reg(n) for n in (0, 1, 2, 3)]
    spills = [slot(-200), slot(-208)]
    n_blocks = rng.randint(3, 9)
    sizes = [rng.choice((1, 1, 2, 3)) for _ in range(n_blocks)]
    first = [sum(sizes[:k]) for k in range(n_blocks)]
    homes = [VarKey(f"home{k}", is_param=rng.random() < 0.2) for k in range(rng.randint(1, 3))]
    home_slot = {v: slot(-16 - 8 * k) for k, v in enumerate(homes)}
    others = [VarKey(f"x{k}") for k in range(2)]
    token = {v: 100 + k for k, v in enumerate(homes)}
    loud = rng.random() < 0.3  # a home slot some instruction writes
    # successors per machine block: a branch or two to any block, and the fall-through
    succs: list[list[int]] = []
    for b in range(n_blocks):
        out = rng.sample(range(n_blocks), rng.randint(0, 2))
        if b + 1 < n_blocks and (not out or rng.random() < 0.7):
            out.append(b + 1)
        succs.append(out)
    starts = {v: (rng.randrange(n_blocks), rng.randrange(3)) for v in homes}

    def inst(b: int) -> MInstView:
        r = rng.random()
        if r < 0.3:
            return MInstView(defs=(rng.choice(regs),), instr_num=0)
        if r < 0.4:
            return MInstView(copy=(rng.choice(regs), rng.choice(regs)))
        if r < 0.5:
            return MInstView(spill=(rng.choice(spills), rng.choice(regs)))
        if r < 0.55:
            return MInstView(restore=(rng.choice(regs), rng.choice(spills)))
        if r < 0.6:
            return MInstView(call=True, defs=(regs[0],))
        if r < 0.65 and loud:
            return MInstView(spill=(home_slot[homes[0]], rng.choice(regs)))
        if r < 0.8:
            return MInstView(debug=DebugValue(rng.choice(others), rng.choice(regs + spills)))
        v = rng.choice(homes)
        kind = rng.choice((DbgKind.ADD, DbgKind.DELETE, DbgKind.NEW))
        if kind is DbgKind.NEW:  # another record of the home: undefined from here
            return MInstView(debug=DebugValue(v, None))
        return MInstView(debug=DebugValue(v, rng.choice(regs), kind, token=rng.randint(1, 9),
                                          key=token[v]))

    caller_saved = frozenset(regs[:2])
    blocks: list[MBlockView] = []
    for b in range(n_blocks):
        for part in range(sizes[b]):
            insts = [inst(b) for _ in range(rng.randint(1, 4))]
            for v, (sb, sp) in starts.items():
                if sb == b and min(sp, sizes[b] - 1) == part:
                    insts.insert(rng.randint(0, len(insts)),
                                 MInstView(debug=DebugValue(v, home_slot[v], token=token[v])))
            if part + 1 < sizes[b]:  # an early branch: to a block, or on to the next part
                out = tuple(first[t] for t in rng.sample(succs[b], min(1, len(succs[b]))))
                out += (first[b] + part + 1,)
            else:
                out = tuple(first[t] for t in succs[b])
            blocks.append(MBlockView(tuple(insts), out))
    facts = []
    for v, (sb, _) in starts.items():
        reach = 0
        for x in _reachable(dict(enumerate(succs)), sb):  # as memory_homes.py finds them
            reach |= ((1 << sizes[x]) - 1) << first[x]
        facts.append(HomeFact(DebugValue(v, home_slot[v], token=token[v]), reach))
    mask = sum(1 << f for f in first)
    return MFunctionView(tuple(blocks), caller_saved, frozenset({regs[3]}), {}, frozenset(),
                         frozenset(), tuple(facts), mask)


@pytest.mark.parametrize("mode", [LoclistMode.SINGLE, LoclistMode.MULTI])
def test_random_functions(mode: LoclistMode) -> None:
    rng = random.Random(19)
    for _ in range(400):
        fn = _random_function(rng)
        gaps: list[WhyRange] = []
        ranges = compute_var_ranges(fn, mode, None, gaps)
        gaps2: list[WhyRange] = []
        ranges2 = compute_var_ranges(expand_homes(fn), mode, None, gaps2)
        assert ranges == ranges2, fn
        assert gaps == gaps2, fn
