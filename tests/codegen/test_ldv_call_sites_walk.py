"""Call-site values collected along phase E's walk (emit.py, `CallSites`) must
be the ones `call_site_values` finds by a walk of its own: the same machine
state, holders and widths at every call. Compared for every function of C
programs with calls compiled at -O2 -g, in both location-list modes."""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.codegen import generate_assembly
from atomc.codegen.debuginfo import live_debug_values as ldv_adapter
from atomc.codegen.debuginfo.ldv.callsites import call_site_values
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.options import CompileOptions, LoclistMode
from atomc.pipeline import optimise

PROGRAMS = {
    # arguments kept in preserved registers, computed as base + k, constants,
    # entry values passed on, narrowed (a `long` passed as an `unsigned`)
    "args": """
long g(long, long, unsigned); int h(int *);
long f(long n, long m, int c) {
    long acc = 0;
    for (long i = 0; i < n; i++) {
        acc += g(n - 1, i + 8, (unsigned)m);
        if (acc > c) acc = g(acc, 5, c);
    }
    int x = c;
    h(&x);
    return acc + g(m, n, 7) + x;
}
""",
    # recursion and a switch of calls: values live across several calls
    "fib": """
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int k(int a, int b);
int sw(int c, int a, int b) {
    switch (c) {
    case 1: return k(a, b) + k(b, a);
    case 2: return k(a + 1, c);
    case 3: return fib(a) + k(a, a);
    default: return k(c, b - 2);
    }
}
""",
}


@pytest.mark.parametrize("mode", [LoclistMode.SINGLE, LoclistMode.MULTI])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_walk_collects_call_sites_as_own_walk(name: str, mode: LoclistMode, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    solve = ldv_adapter.compute_var_ranges
    calls_seen = [0]

    def checked(view, mode, mv, gaps, calls, during=None):  # type: ignore[no-untyped-def]
        ranges = solve(view, mode, mv, gaps, calls, during)
        own = call_site_values(view, mv, calls.arg_regs, calls.preserved)
        assert calls.out == own, "phase E's walk saw other call-site values"
        calls_seen[0] += sum(1 for c in own if c.params)
        return ranges

    monkeypatch.setattr(ldv_adapter, "compute_var_ranges", checked)
    src = tmp_path / f"{name}.c"
    src.write_text(PROGRAMS[name])
    opts = CompileOptions(opt_level=2, debug=True, loclist_mode=mode)
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    generate_assembly(module, opts)
    assert calls_seen[0] > 0, "no call with a described argument"
