"""A variable's join with many predecessors reads them by runs (variables.py,
`_VarSolution._grouped`): the predecessors inside one source's dominator subtree
and no deeper one's all leave that source's value, read once. The runs must
give every predecessor the exit value it has, as looking each one up does.

Checked at the solution of every variable, at every join with enough
predecessors to be read by runs, on functions with big dispatch loops and
switches whose cases assign variables of their own or shared ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.codegen import compile_function
from atomc.codegen.debuginfo.ldv.machine import solve_machine_values
from atomc.codegen.debuginfo.ldv.variables import (
    _TOP,
    _VarSolution,
    block_assignments,
)
from atomc.codegen.debuginfo.live_debug_values import describe_function
from atomc.codegen.debuginfo.scopes import LabelCounter, insert_scope_labels
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.options import CompileOptions
from atomc.pipeline import optimise

ROOT = Path(__file__).resolve().parents[2]


def _dispatch(n: int) -> str:
    """A loop around a switch of n cases: some assign a shared variable, some one
    of their own, some nest a loop of their own; every case goes back to the head."""
    cases = []
    for k in range(n):
        if k % 3 == 0:
            cases.append(f"        case {k}: acc += g(pc + {k}); pc += 2; break;\n")
        elif k % 3 == 1:
            cases.append(f"        case {k}: {{ int v{k} = g(acc); while (v{k} > {k}) "
                         f"v{k} = g(v{k}); acc ^= v{k}; break; }}\n")
        else:
            cases.append(f"        case {k}: if (acc > {k}) {{ pc = g(pc); continue; }} "
                         f"acc--; break;\n")
    return ("int g(int);\nint run(const int *code, int n) {\n    int acc = 0, pc = 0;\n"
            "    while (pc < n) {\n        switch (code[pc++]) {\n" + "".join(cases)
            + "        default: return acc;\n        }\n    }\n    return acc + pc;\n}\n")


SOURCES = {
    "dispatch": _dispatch(40),
    "dispatch_small": _dispatch(17),
    "interp": (ROOT / "bench" / "programs" / "interp.c").read_text(),
}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_runs_give_each_predecessor_its_value(name: str, tmp_path: Path) -> None:
    src = tmp_path / f"{name}.c"
    src.write_text(SOURCES[name])
    opts = CompileOptions(opt_level=2, debug=True)
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    grouped = 0
    for number, fn in enumerate(f for f in module.functions.values() if not f.is_declaration):
        if fn.subprogram is None:
            continue
        mf = compile_function(fn, number, module, True, 2)
        insert_scope_labels(mf, LabelCounter())
        view = describe_function(mf)[0]
        mv = solve_machine_values(view)
        assigns = block_assignments(view, mv)
        writers: dict[object, list[int]] = {}
        for b, a in enumerate(assigns):
            for var in a:
                writers.setdefault(var, []).append(b)
        for var, blocks in writers.items():
            sol = _VarSolution(var, blocks, assigns, mv)  # type: ignore[arg-type]
            for b in sorted(sol.joins):
                incoming, _ = sol._incoming(b)
                if not hasattr(incoming, "runs"):
                    continue
                grouped += 1
                preds = mv.preds[b]
                expected = [(p, v) for p in preds if p in mv.solver.reachable
                            for v in (sol.value_out(p),) if v is not _TOP]
                assert incoming.every(preds) == expected, (fn.name, b)
                assert set(map(repr, incoming.values())) == {repr(v) for _, v in expected}
    assert grouped > 0, "no join read by runs"
