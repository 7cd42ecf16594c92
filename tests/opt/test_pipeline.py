"""The -O pipelines and the pass-manager options they honour."""

from __future__ import annotations

import io

import pytest
from ir_corpus import LOOP_SUM
from opt_helpers import parse

from atomc.diag import InternalCompilerError
from atomc.ir import ARTIFICIAL, I32, Builder, Const, Function, Module, Op, print_module
from atomc.options import CompileOptions
from atomc.pipeline import optimise, pipeline_for


def test_levels() -> None:
    assert pipeline_for(0) == []
    # gcc enables SRA at -O1 (-ftree-sra): struct copies in pieces are promoted
    assert pipeline_for(1) == ["sroa", "mem2reg", "instcombine", "div-by-const", "simplifycfg",
                               "dce"]
    assert pipeline_for(2) == ["sroa", "mem2reg", "inline", "sroa", "mem2reg", "sccp",
                               "instcombine", "simplifycfg", "gvn", "licm", "jump-threading",
                               "loop-rotate", "licm-loads", "unroll-jam", "loop-unroll", "sccp",
                               "instcombine", "simplifycfg", "instcombine", "iv-sr", "lftr", "gvn",
                               "select-form",
                               "instcombine", "loop-load-elim", "div-by-const", "dce", "sink",
                               "simplifycfg", "exit-values", "counter-sums", "mem-value-locs"]
    # -O3 and -Os differ in the thresholds the passes read, not in the pass list
    assert pipeline_for(3) == pipeline_for(2) == pipeline_for(2, size_opt=True)


def test_explicit_passes_print_after_time_and_bisect() -> None:
    m = parse(LOOP_SUM.text)
    out = io.StringIO()
    opts = CompileOptions(opt_level=2, passes=("mem2reg", "dce", "licm"), print_after=("dce",),
                          time_passes=True, opt_bisect_limit=2, verify_each=True)
    optimise(m, opts, out=out)
    text = out.getvalue()
    assert "BISECT: running pass (1) mem2reg" in text
    assert "BISECT: NOT running pass (3) licm" in text
    assert text.count("; *** IR after") == 1 and "; *** IR after dce ***" in text
    assert "pass execution times" in text
    assert "alloca" not in text.split("IR after dce")[1]


def test_o0_changes_nothing() -> None:
    m = parse(LOOP_SUM.text)
    before = print_module(m)
    optimise(m, CompileOptions(opt_level=0))
    assert print_module(m) == before


def test_verify_each_reports_broken_input() -> None:
    m = Module("t.c")
    fn = m.add_function(Function("f", [], [I32]))
    b = Builder(fn, ARTIFICIAL)
    b.position_at_end(fn.add_block())
    b.binary(Op.ADD, Const(I32, 1), Const(I32, 2))  # the block has no terminator
    with pytest.raises(InternalCompilerError):
        optimise(m, CompileOptions(opt_level=1, verify_each=True), out=io.StringIO())
