"""gvn: dominator-scoped CSE with merged locations, and redundant loads."""

from __future__ import annotations

from di_text import L, module
from opt_helpers import assert_equivalent, ops, parse, run_passes

from atomc.ir import Op

CSE = module(f"""
define @f(i32 %a, i32 %b) -> (i32) dbg !0 {{
bb0:
  %x = add i32 %a, i32 %b  {L(3, 9, (1, 2))}
  %c = icmp sgt i32 %a, i32 0  {L(4, 1)}
  branch i1 %c, bb1, bb2  {L(4, 1)}
bb1:
  %y = add i32 %b, i32 %a  {L(3, 13, (7, 2))}
  #dbg new #0, !5, i32 %y, ()  {L(3, 5)}
  %z = add i32 %a, i32 %b  {L(6, 2, (3, 1))}
  %s = add i32 %y, i32 %z  {L(6, 1)}
  ret i32 %s  {L(6, 1)}
bb2:
  %w = add i32 %a, i32 %b  {L(8, 1)}
  ret i32 %w  {L(8, 1)}
}}
""")


def test_commutative_cse_merges_locations_per_the_atom_rules() -> None:
    m = assert_equivalent(CSE, ["gvn"], "f", [(1, 2), (-1, 5)])
    fn = m.functions["f"]
    assert ops(fn).count("add") == 2  # %x and %s
    x = fn.entry.insts[0]
    # merged with %y (same line, different columns): line kept, column 0, smaller group;
    # then with %z (line 6): line 0, no atom; then with %w (line 8): still line 0
    assert (x.loc.line, x.loc.column, x.loc.atom_group) == (0, 0, 0)
    (rec,) = [r for i in fn.insts() for r in i.dbg_records]
    assert rec.value is x and rec.var.name == "x"


def test_same_line_merge_keeps_the_better_atom() -> None:
    text = module(f"""
define @f(i32 %a) -> (i32) dbg !0 {{
bb0:
  %x = mul i32 %a, i32 %a  {L(3, 5, (7, 1))}
  %y = mul i32 %a, i32 %a  {L(3, 9, (4, 1))}
  %s = add i32 %x, i32 %y  {L(3, 1)}
  ret i32 %s  {L(4, 1)}
}}
""")
    fn = run_passes(parse(text), ["gvn"]).functions["f"]
    x = fn.entry.insts[0]
    assert (x.loc.line, x.loc.column, x.loc.atom_group, x.loc.atom_rank) == (3, 0, 4, 1)


def test_siblings_are_not_merged() -> None:
    """Values in two arms of a branch do not dominate each other."""
    text = """
define @f(i32 %a, i1 %c) -> (i32) {
bb0:
  branch i1 %c, bb1, bb2
bb1:
  %x = mul i32 %a, i32 3
  jump bb3(i32 %x)
bb2:
  %y = mul i32 %a, i32 3
  jump bb3(i32 %y)
bb3(i32 %r):
  ret i32 %r
}
"""
    fn = run_passes(parse(text), ["gvn"]).functions["f"]
    assert ops(fn).count("mul") == 2


def test_redundant_loads_and_store_forwarding() -> None:
    text = """
declare @g() -> ()
define @f(ptr %p) -> (i32) {
bb0:
  %a = load i32, ptr %p
  %b = load i32, ptr %p
  store i32 7, ptr %p
  %c = load i32, ptr %p
  call void ptr @g()
  %d = load i32, ptr %p
  %e = load i32, ptr %p volatile
  %s1 = add i32 %a, i32 %b
  %s2 = add i32 %s1, i32 %c
  %s3 = add i32 %s2, i32 %d
  %s4 = add i32 %s3, i32 %e
  ret i32 %s4
}
"""
    fn = run_passes(parse(text), ["gvn"]).functions["f"]
    loads = [i for i in fn.insts() if i.op is Op.LOAD]
    assert len(loads) == 3  # %a, %d (after the call) and the volatile %e
    s2 = [i for i in fn.insts() if i.op is Op.ADD][1]
    assert s2.operand(1).value == 7  # type: ignore[attr-defined]
