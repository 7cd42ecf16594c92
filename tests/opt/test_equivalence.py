"""Every pass, alone and in the -O pipelines, keeps the behaviour of every
corpus program (interpreter runs before and after, verifier after each pass)."""

from __future__ import annotations

import pytest
from ir_corpus import CORPUS, Program
from opt_helpers import assert_equivalent

from atomc.opt.registry import PASSES, _load_all
from atomc.pipeline import pipeline_for

_load_all()
PIPELINES = {
    "O1": pipeline_for(1),
    "O2": pipeline_for(2),
    "O3": pipeline_for(3),
    "twice-O2": pipeline_for(2) * 2,
    "cleanup-first": ["simplifycfg", "dce", "instcombine", "gvn", "sccp", "licm", "sroa",
                      "mem2reg", "simplifycfg"],
}


@pytest.mark.parametrize("prog", CORPUS, ids=lambda p: p.name)
@pytest.mark.parametrize("pass_name", sorted(PASSES))
def test_single_pass_keeps_behaviour(pass_name: str, prog: Program) -> None:
    assert_equivalent(prog.text, [pass_name], prog.entry, prog.inputs)


@pytest.mark.parametrize("prog", CORPUS, ids=lambda p: p.name)
@pytest.mark.parametrize("pipeline", sorted(PIPELINES))
def test_pipeline_keeps_behaviour(pipeline: str, prog: Program) -> None:
    assert_equivalent(prog.text, PIPELINES[pipeline], prog.entry, prog.inputs)


def test_o2_removes_the_stack_traffic_of_every_corpus_program() -> None:
    """Not just correct but useful: after -O2 no scalar slot or struct copy is left."""
    for prog in CORPUS:
        if prog.name in ("nested", "atomics"):  # indexed with variables / accessed atomically
            continue
        m = assert_equivalent(prog.text, pipeline_for(2), prog.entry, prog.inputs)
        ops = [i.op.value for f in m.functions.values() for i in f.insts()]
        assert "alloca" not in ops and "memcpy" not in ops and "memset" not in ops, prog.name
