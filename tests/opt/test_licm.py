"""licm and loop analysis: preheaders, invariants, drop rule for locations."""

from __future__ import annotations

from di_text import L, module
from opt_helpers import assert_equivalent, parse, run_passes

from atomc.ir import Op
from atomc.ir.loops import LoopInfo

NEST = """
define @f(i32 %n, i32 %k) -> (i32) {
bb0:
  %c0 = icmp sgt i32 %n, i32 0
  branch i1 %c0, bb1(i32 0, i32 0), bb5(i32 0)
bb1(i32 %i, i32 %acc):
  jump bb2(i32 0, i32 %acc)
bb2(i32 %j, i32 %a2):
  %inv = mul i32 %k, i32 %n
  %inv2 = add i32 %inv, i32 %i
  %d = sdiv i32 %j, i32 %k
  %s = add i32 %a2, i32 %inv2
  %j2 = add i32 %j, i32 1
  %cj = icmp slt i32 %j2, i32 3
  branch i1 %cj, bb2(i32 %j2, i32 %s), bb3
bb3:
  %i2 = add i32 %i, i32 1
  %ci = icmp slt i32 %i2, i32 %n
  branch i1 %ci, bb1(i32 %i2, i32 %s), bb5(i32 %s)
bb5(i32 %r):
  ret i32 %r
}
"""


def test_loop_info_finds_nested_loops() -> None:
    fn = parse(NEST).functions["f"]
    info = LoopInfo(fn)
    assert [(lp.header, lp.depth) for lp in info.loops] == [(fn.blocks[1], 1), (fn.blocks[2], 2)]
    outer, inner = info.loops
    assert inner.parent is outer and outer.blocks == fn.blocks[1:4]
    assert inner.latches() == [fn.blocks[2]] and outer.exit_blocks() == [fn.blocks[4]]
    assert info.loop_for(fn.blocks[3]) is outer and info.loop_for(fn.blocks[0]) is None


def test_invariants_leave_both_loops_and_trapping_ones_stay() -> None:
    m = assert_equivalent(NEST, ["licm"], "f", [(0, 1), (3, 2), (4, -3)])
    fn = m.functions["f"]
    info = LoopInfo(fn)
    outer = info.loops[0]
    inner = next(lp for lp in info.loops if lp.depth == 2)
    ph = outer.preheader(fn.predecessors())
    assert ph is not None and ph is not fn.entry  # created: the entry ends in a branch
    assert [i.op for i in ph.insts] == [Op.MUL, Op.JUMP]  # k*n hoisted out of both loops
    inner_ph = inner.preheader(fn.predecessors())
    assert inner_ph is fn.blocks[fn.blocks.index(inner.header) - 1]
    assert Op.ADD in [i.op for i in inner_ph.insts]  # inv + i leaves the inner loop only
    assert any(i.op is Op.SDIV for i in inner.header.insts)  # may divide by zero: stays


def test_hoisted_instruction_drops_its_location_and_records_stay() -> None:
    text = module(f"""
define @f(i32 %n, i32 %k) -> (i32) dbg !0 {{
bb0:
  jump bb1(i32 0)  {L(2, 1)}
bb1(i32 %i):
  %c = icmp slt i32 %i, i32 %n  {L(3, 1)}
  branch i1 %c, bb2, bb3  {L(3, 1)}
bb2:
  #dbg new #0, !6, i32 %i, ()  {L(4, 1)}
  %inv = mul i32 %k, i32 %k  {L(4, 5, (3, 2))}
  #dbg new #1, !5, i32 %inv, ()  {L(4, 5)}
  %i2 = add i32 %i, i32 %inv  {L(5, 1)}
  jump bb1(i32 %i2)  {L(5, 1)}
bb3:
  ret i32 %i  {L(6, 1)}
}}
""")
    fn = run_passes(parse(text), ["licm"]).functions["f"]
    mul = next(i for i in fn.insts() if i.op is Op.MUL)
    assert mul.block is fn.entry and mul.loc is None
    body = next(b for b in fn.blocks if any(i.op is Op.ADD for i in b.insts))
    add = body.insts[0]
    assert [r.var.name for r in add.dbg_records] == ["y", "x"]  # both stayed in the loop
    assert add.dbg_records[1].value is mul
