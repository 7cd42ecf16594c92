"""sccp: constants through block parameters and conditional branches."""

from __future__ import annotations

from di_text import L, module
from opt_helpers import assert_equivalent, ops, parse, run_passes

from atomc.ir import Const, Jump

LOOP_CONST = module(f"""
define @f(i32 %n) -> (i32) dbg !0 {{
bb0:
  jump bb1(i32 0, i32 5)  {L(2, 1)}
bb1(i32 %i, i32 %k):
  #dbg new #0, !5, i32 %k, ()  {L(3, 1)}
  %c = icmp slt i32 %i, i32 %n  {L(3, 1)}
  branch i1 %c, bb2, bb3  {L(3, 1, (1, 1))}
bb2:
  %k2 = mul i32 %k, i32 1  {L(4, 1)}
  #dbg new #1, !6, i32 %k2, ()  {L(4, 1)}
  %big = icmp sgt i32 %k2, i32 100  {L(5, 1)}
  branch i1 %big, bb4, bb5  {L(5, 1, (2, 1))}
bb4:
  %x = add i32 %k2, i32 1  {L(6, 1)}
  jump bb5  {L(6, 1)}
bb5:
  %i2 = add i32 %i, i32 1  {L(7, 1)}
  jump bb1(i32 %i2, i32 %k2)  {L(7, 1)}
bb3:
  %r = add i32 %k, i32 %i  {L(8, 1)}
  ret i32 %r  {L(8, 1)}
}}
""")


def test_loop_invariant_constant_through_parameters() -> None:
    m = assert_equivalent(LOOP_CONST, ["sccp"], "f", [(0,), (3,)])
    fn = m.functions["f"]
    header = fn.blocks[1]
    assert len(header.params) == 1  # %k was always 5
    assert "mul" not in ops(fn) and len(fn.blocks) == 5  # bb4 never runs
    recs = {r.var.name: r for i in fn.insts() for r in i.dbg_records}
    # records of folded values now hold the constant
    assert isinstance(recs["x"].value, Const) and recs["x"].value.value == 5
    assert isinstance(recs["y"].value, Const) and recs["y"].value.value == 5
    # the folded branch is a jump at the branch's location
    body = fn.blocks[2]
    term = body.terminator
    assert isinstance(term, Jump) and (term.loc.line, term.loc.atom_group) == (5, 2)


def test_trapping_fold_is_left_for_run_time() -> None:
    text = """
define @f(i32 %a) -> (i32) {
bb0:
  %c = icmp eq i32 %a, i32 1
  branch i1 %c, bb1, bb2
bb1:
  %d = sdiv i32 1, i32 0
  ret i32 %d
bb2:
  ret i32 0
}
"""
    m = run_passes(parse(text), ["sccp"])
    assert "sdiv" in ops(m.functions["f"])


def test_undef_incoming_value_is_optimistic() -> None:
    text = """
define @f(i32 %a) -> (i32) {
bb0:
  %c = icmp eq i32 %a, i32 1
  branch i1 %c, bb1, bb2
bb1:
  jump bb3(i32 undef)
bb2:
  jump bb3(i32 4)
bb3(i32 %v):
  ret i32 %v
}
"""
    m = assert_equivalent(text, ["sccp"], "f", [(0,)])
    ret = m.functions["f"].blocks[-1].terminator
    assert isinstance(ret.operand(0), Const) and ret.operand(0).value == 4
