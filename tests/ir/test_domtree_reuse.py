"""A function's dominator tree is kept while its CFG keeps its shape
(ir/dominators.py `dominators_of_function`): passes that change no edge reuse
it, an edit of an edge or of the block list gets a fresh one, and checking
mode catches a kept tree that no longer matches."""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import ARTIFICIAL, I32, Builder, Const, Function, cfgstate, work
from atomc.ir.dominators import dominators_of_function
from atomc.options import CompileOptions
from atomc.pipeline import optimise

_SRC = """
int f(int *a, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) { if (a[i] > 3) s += a[i]; else s -= i; }
    return s;
}
"""


def _diamond() -> tuple[Function, list]:
    fn = Function("f", [I32], [I32])
    b0, b1, b2, b3 = (fn.add_block() for _ in range(4))
    bld = Builder(fn, ARTIFICIAL)
    bld.position_at_end(b0)
    bld.branch(bld.cmp("eq", fn.args[0], Const(I32, 0)), b1, b2)
    for b in (b1, b2):
        bld.position_at_end(b)
        bld.jump(b3)
    bld.position_at_end(b3)
    bld.ret([fn.args[0]])
    return fn, [b0, b1, b2, b3]


def test_passes_that_keep_the_cfg_build_one_tree(tmp_path: Path) -> None:
    """gvn, sink and gvn again change no edge: one tree for the three (each built
    its own before)."""
    src = tmp_path / "loop.c"
    src.write_text(_SRC)
    opts = CompileOptions(opt_level=2, passes=("mem2reg",))
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    fn = module.functions["f"]
    fn.dom_kept = None
    blocks = len(fn.blocks)
    work.reset()
    opts = CompileOptions(opt_level=2, passes=("gvn", "sink", "gvn"))
    optimise(module, opts)
    assert len(fn.blocks) == blocks
    assert work.COUNTS["domtree.nodes"] <= blocks
    assert work.COUNTS["domtree.reused"] >= 2


def test_an_edge_change_gets_a_fresh_tree() -> None:
    fn, (b0, b1, b2, b3) = _diamond()
    tree = dominators_of_function(fn)
    assert dominators_of_function(fn) is tree
    assert tree.idom[b3] is b0
    # b1 now branches to b2 instead of b3: b2 is reached from b0 and b1, b3 only from b2
    term = b1.insts[-1]
    term.succs[0].block = b2
    fresh = dominators_of_function(fn)
    assert fresh is not tree
    assert fresh.idom[b3] is b2 and fresh.idom[b2] is b0
    # a block appended (unreachable): the block list changed, a fresh tree
    fn.add_block()
    assert dominators_of_function(fn) is not fresh


def test_checking_mode_catches_a_stale_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    fn, (b0, b1, b2, b3) = _diamond()
    tree = dominators_of_function(fn)
    tree.idom[b3] = b1  # as if the tree had been edited behind the CFG
    monkeypatch.setattr(cfgstate, "CHECK", True)
    with pytest.raises(AssertionError, match="stale dominator tree"):
        dominators_of_function(fn)
