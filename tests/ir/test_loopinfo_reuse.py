"""A function's loop analysis is kept with its dominator tree (ir/loops.py
`loop_info`): the ten or so loop passes of an -O2 pipeline share it while the
CFG keeps its shape, an edit of the CFG gets a fresh one, and checking mode
catches a kept analysis whose loops were edited behind the CFG."""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import ARTIFICIAL, I32, Builder, Const, Function, cfgstate, work
from atomc.ir.loops import loop_info
from atomc.options import CompileOptions
from atomc.pipeline import optimise

_SRC = """
int sum(int *a, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) { if (a[i] > 3) s += a[i]; else s -= i; }
    return s;
}
int nest(int *a, int n, int m) {
    int s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += a[i * m + j] * j;
    return s;
}
int scan(const char *p) {
    int k = 0;
    while (*p) { if (*p == ',') k++; p++; }
    return k;
}
"""

# Loop analyses built per function by the whole -O2 pipeline: one after each
# CFG change that a loop pass sees (preheaders, rotation, unrolling, select
# formation, the last simplifycfg): at most five for these loops, 13 in all
# today; each loop pass built its own before the analysis was kept (30 in all).
MAX_BUILDS_PER_FUNCTION = 5


def _loop() -> tuple[Function, list]:
    """b0 -> b1 (header) -> b2 (latch) -> b1 | b3 (exit)."""
    fn = Function("f", [I32], [I32])
    b0, b1, b2, b3 = (fn.add_block() for _ in range(4))
    bld = Builder(fn, ARTIFICIAL)
    bld.position_at_end(b0)
    bld.jump(b1)
    bld.position_at_end(b1)
    bld.jump(b2)
    bld.position_at_end(b2)
    bld.branch(bld.cmp("eq", fn.args[0], Const(I32, 0)), b1, b3)
    bld.position_at_end(b3)
    bld.ret([fn.args[0]])
    return fn, [b0, b1, b2, b3]


def test_the_o2_pipeline_builds_few_loop_analyses(tmp_path: Path) -> None:
    src = tmp_path / "loops.c"
    src.write_text(_SRC)
    opts = CompileOptions(opt_level=2)
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    work.reset()
    optimise(module, opts)
    defined = [f for f in module.functions.values() if not f.is_declaration]
    assert len(defined) == 3
    built = work.COUNTS.get("loopinfo.built", 0)
    assert len(defined) <= built <= MAX_BUILDS_PER_FUNCTION * len(defined)
    assert work.COUNTS.get("loopinfo.reused", 0) >= 5 * len(defined)


def test_an_unchanged_cfg_shares_the_analysis_and_an_edit_gets_a_fresh_one() -> None:
    fn, (b0, b1, b2, b3) = _loop()
    info = loop_info(fn)
    assert [lp.header for lp in info.loops] == [b1]
    assert loop_info(fn) is info
    # the latch now leaves to the exit on both edges: no loop any more
    b2.insts[-1].succs[0].block = b3
    fresh = loop_info(fn)
    assert fresh is not info and fresh.loops == []
    # a block appended (unreachable): the block list changed, a fresh analysis
    fn.add_block()
    assert loop_info(fn) is not fresh


def test_checking_mode_catches_loops_edited_behind_the_cfg(monkeypatch: pytest.MonkeyPatch) -> None:
    fn, (b0, b1, b2, b3) = _loop()
    loop_info(fn).loops[0].add_block(b3)  # as if a pass had edited the loop alone
    monkeypatch.setattr(cfgstate, "CHECK", True)
    with pytest.raises(AssertionError, match="stale loop analysis"):
        loop_info(fn)
