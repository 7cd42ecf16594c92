"""Sink leaves the records of a sunk value behind, above the branch (and on the path
that no longer computes it): each is described by salvage over the sunk
instruction's operand, which dominates it and does not change (issue 15: the
assignment exists at those lines, only its computation moved). What salvage cannot
describe stays "not assigned yet" / "computation removed"."""

from __future__ import annotations

from di_text import module
from opt_helpers import parse, run_passes

from atomc.ir import DbgKind, DbgRecord, Function
from atomc.ir.debuginfo import DW_OP_plus_uconst
from atomc.ir.why import Why, WhyKind

TEXT = module("""
declare @g(i32) -> (i32)
define @f(i32 %a, i32 %b, ptr %p, i32 %c) -> (i32) dbg !0 {
bb0:
  %q = ptradd ptr %p, i64 20  !loc(line: 2, column: 1, scope: !0)
  #dbg new #0, !5, ptr %q, ()  !loc(line: 2, column: 1, scope: !0)
  %m = mul i32 %a, i32 %b  !loc(line: 3, column: 1, scope: !0)
  #dbg new #1, !6, i32 %m, ()  !loc(line: 3, column: 1, scope: !0)
  %k = icmp sgt i32 %c, i32 0  !loc(line: 4, column: 1, scope: !0)
  branch i1 %k, bb1, bb2  !loc(line: 4, column: 1, scope: !0)
bb1:
  store i32 %m, ptr %q  !loc(line: 5, column: 1, scope: !0)
  ret i32 1  !loc(line: 6, column: 1, scope: !0)
bb2:
  #dbg new #2, !5, ptr %q, ()  !loc(line: 7, column: 1, scope: !0)
  ret i32 0  !loc(line: 7, column: 1, scope: !0)
}""")


# x: `slot = &p->arr[3]` (p + 20), y: `prod = a * b`

def _records(fn: Function, block: int, name: str) -> list[DbgRecord]:
    return [r for i in fn.blocks[block].insts for r in i.dbg_records
            if r.var.name == name and r.kind is DbgKind.NEW]


def _sunk() -> Function:
    return run_passes(parse(TEXT), ["sink"]).functions["f"]


def test_the_address_left_above_the_branch_is_the_base_plus_the_offset() -> None:
    fn = _sunk()
    assert [i.op.name for i in fn.blocks[1].insts][:2] == ["PTRADD", "MUL"]
    (above,) = _records(fn, 0, "x")
    assert above.value is fn.args[2] and above.expr.ops == (DW_OP_plus_uconst, 20)


def test_the_path_that_no_longer_computes_it_gets_the_same_expression() -> None:
    (other,) = _records(_sunk(), 2, "x")
    fn = other.inst.block.function if other.inst is not None else None
    assert fn is not None and other.value is fn.args[2]
    assert other.expr.ops == (DW_OP_plus_uconst, 20)


def test_a_product_of_two_values_stays_not_assigned_yet() -> None:
    (above,) = _records(_sunk(), 0, "y")
    assert above.value is None
    assert above.why == Why(WhyKind.NOT_YET, line=3)
