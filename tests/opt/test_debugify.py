"""The debugify checker: it runs over every registered pass on the corpus, and
it does catch a pass that breaks its contract."""

from __future__ import annotations

from typing import ClassVar

import pytest
from ir_corpus import CORPUS, Program
from opt_helpers import parse

from atomc.ir import DbgKind, Function, Op
from atomc.opt.debugify import (
    check_pass,
    debugify_each,
    debugify_module,
    reports_to_json,
)
from atomc.opt.passmanager import DI, FunctionPass, PassContext
from atomc.opt.registry import PASSES, _load_all
from atomc.pipeline import build_passes, pipeline_for

_load_all()


@pytest.mark.parametrize("prog", CORPUS, ids=lambda p: p.name)
@pytest.mark.parametrize("pass_name", sorted(PASSES))
def test_pass_keeps_its_declared_contract(pass_name: str, prog: Program) -> None:
    m = parse(prog.text)
    report = check_pass(PASSES[pass_name](), m)
    assert report.ok, report.summary() + "\n" + "\n".join(report.violations)


@pytest.mark.parametrize("prog", CORPUS, ids=lambda p: p.name)
def test_debugify_each_over_the_o2_pipeline(prog: Program) -> None:
    """Fresh synthetic debug info before every pass of -O2 (later passes see
    optimised IR with block parameters, which the first ones never do)."""
    m = parse(prog.text)
    reports = debugify_each(build_passes(pipeline_for(2)), m)
    bad = [r.summary() + ": " + "; ".join(r.violations[:3]) for r in reports if not r.ok]
    assert not bad, "\n".join(bad)


def test_debugify_gives_every_instruction_a_line_and_every_value_a_variable() -> None:
    m = parse(CORPUS[0].text)
    debugify_module(m)
    fn = m.functions["f"]
    lines = [i.loc.line for i in fn.insts()]
    assert len(set(lines)) == len(lines) and all(lines)
    values = [i for i in fn.insts() if str(i.ty) != "void"]
    named = [r.value for i in fn.insts() for r in i.dbg_records if r.kind is DbgKind.NEW]
    assert named == values  # one record per value, in definition order, after it


class _ForgetfulDCE(FunctionPass):
    """Deletes dead adds without salvage and claims it keeps everything."""

    name: ClassVar[str] = "forgetful"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        for b in fn.blocks:
            for inst in list(b.insts):
                if inst.op is Op.ADD and not inst.has_real_uses():
                    for u in list(inst.uses):
                        u.user.detach()  # type: ignore[union-attr]
                    for r in list(inst.dbg_records):
                        r.detach()
                    inst.drop_all_references()
                    b.remove(inst)
        return True


class _LocationEater(FunctionPass):
    name: ClassVar[str] = "loc-eater"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        for inst in fn.insts():
            if inst.op is Op.MUL:
                inst.loc = None
        return True


DEAD_ADD = """
define @f(i32 %a) -> (i32) {
bb0:
  %d = add i32 %a, i32 5
  %e = mul i32 %a, i32 3
  ret i32 %e
}
"""


def test_checker_reports_a_lost_variable() -> None:
    report = check_pass(_ForgetfulDCE(), parse(DEAD_ADD))
    assert len(report.lost_variables) == 1
    assert not report.ok


def test_checker_reports_a_lost_location_only_against_the_claim() -> None:
    report = check_pass(_LocationEater(), parse(DEAD_ADD))
    assert report.missing_locations and not report.ok
    _LocationEater.keeps_di = DI.VALUES | DI.SCOPES
    try:
        report = check_pass(_LocationEater(), parse(DEAD_ADD))
        assert report.missing_locations and report.ok  # a declared drop
    finally:
        _LocationEater.keeps_di = DI.ALL


def test_salvage_failure_is_optimised_out_not_lost() -> None:
    """The dead shift's record cannot be salvaged (a shift by a constant could): it
    says 'optimised out'."""
    text = DEAD_ADD.replace("ret i32 %e", "ret i32 %a") \
        .replace("mul i32 %a, i32 3", "shl i32 %a, i32 %a")
    report = check_pass(PASSES["dce"](), parse(text))
    assert report.ok
    assert len(report.optimised_out) == 1 and not report.lost_variables
    assert '"dce"' in reports_to_json([report])


class _SilentRemover(FunctionPass):
    """Sets records of dead multiplies to 'optimised out' without saying why."""

    name: ClassVar[str] = "silent-remover"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        for inst in fn.insts():
            for u in [u for u in inst.uses if u.is_debug]:
                if inst.op is Op.MUL:
                    u.user.set_value(None)  # type: ignore[union-attr]
        return True


def test_checker_reports_an_unexplained_optimised_out_record() -> None:
    report = check_pass(_SilentRemover(), parse(DEAD_ADD))
    assert len(report.unexplained) == 1 and not report.ok
    assert any("without a reason" in v for v in report.violations)


def test_dce_says_the_value_was_dead() -> None:
    """dce's unsalvageable record says the value was dead after the record's line."""
    from atomc.ir.why import WhyKind

    text = DEAD_ADD.replace("ret i32 %e", "ret i32 %a") \
        .replace("mul i32 %a, i32 3", "shl i32 %a, i32 %a")
    m = parse(text)
    check_pass(PASSES["dce"](), m)
    whys = [r.why for i in m.functions["f"].insts() for r in i.dbg_records if r.value is None]
    assert len(whys) == 1 and whys[0] is not None and whys[0].kind is WhyKind.DEAD
    assert whys[0].line == 3  # debugify's record sits at the next instruction, line 3
