"""dce: dead instructions and dead block parameters, with salvage."""

from __future__ import annotations

from di_text import L, module
from opt_helpers import assert_equivalent, ops, parse, run_passes

from atomc.ir import DbgKind, Op
from atomc.ir.debuginfo import (
    DW_OP_consts,
    DW_OP_constu,
    DW_OP_minus,
    DW_OP_mul,
    DW_OP_plus_uconst,
    DW_OP_shl,
)

DEAD_CHAIN = module(f"""
define @f(i32 %a) -> (i32) dbg !0 {{
bb0:
  %t = add i32 %a, i32 7  {L(2, 3, (1, 2))}
  #dbg new #0, !5, i32 %t, ()  {L(2, 3)}
  %u = sub i32 %t, i32 10  {L(3, 3, (2, 2))}
  #dbg new #1, !6, i32 %u, ()  {L(3, 3)}
  %m = shl i32 %a, i32 %a  {L(4, 3)}
  #dbg new #2, !5, i32 %m, ()  {L(4, 3)}
  ret i32 %a  {L(5, 3, (3, 1))}
}}
""")


def test_dead_chain_is_removed_and_records_salvaged() -> None:
    m = run_passes(parse(DEAD_CHAIN), ["dce"])
    fn = m.functions["f"]
    assert ops(fn) == ["ret"]
    recs = fn.entry.insts[0].dbg_records
    assert [r.var.name for r in recs] == ["x", "y", "x"]
    x, y, x2 = recs
    # x = a + 7 ; y = (a + 7) - 10 = a + 7 - 3... both over %a now
    assert x.value is fn.args[0] and x.expr.ops == (DW_OP_plus_uconst, 7)
    assert y.value is fn.args[0]
    assert y.expr.ops == (DW_OP_plus_uconst, 7, DW_OP_constu, 10, DW_OP_minus)
    # a << a cannot be salvaged (DWARF's shift past the width is not the machine's):
    # "optimised out", never a wrong value
    assert x2.kind is DbgKind.NEW and x2.value is None
    # the surviving ret keeps its location and atom
    assert (fn.entry.insts[0].loc.line, fn.entry.insts[0].loc.atom_group) == (5, 3)


CONST_PRODUCTS = module(f"""
define @f(i32 %a) -> (i32) dbg !0 {{
bb0:
  %t = mul i32 %a, i32 -3  {L(2, 3)}
  #dbg new #0, !5, i32 %t, ()  {L(2, 3)}
  %u = shl i32 %a, i32 4  {L(3, 3)}
  #dbg new #1, !6, i32 %u, ()  {L(3, 3)}
  ret i32 %a  {L(5, 3, (3, 1))}
}}
""")


def test_products_by_constants_are_salvaged() -> None:
    """a * -3 and a << 4 become a, DW_OP_consts -3, DW_OP_mul / DW_OP_constu 4,
    DW_OP_shl: wrap-around products, exact in the variable's low bits."""
    fn = run_passes(parse(CONST_PRODUCTS), ["dce"]).functions["f"]
    assert ops(fn) == ["ret"]
    x, y = fn.entry.insts[0].dbg_records
    assert x.value is fn.args[0] and x.expr.ops == (DW_OP_consts, -3, DW_OP_mul)
    assert y.value is fn.args[0] and y.expr.ops == (DW_OP_constu, 4, DW_OP_shl)


LOOP_PARAMS = """
define @f(i32 %n) -> (i32) {
bb0:
  jump bb1(i32 0, i32 100)
bb1(i32 %i, i32 %junk):
  %c = icmp slt i32 %i, i32 %n
  branch i1 %c, bb2, bb3
bb2:
  %j2 = mul i32 %junk, i32 3
  %i2 = add i32 %i, i32 1
  jump bb1(i32 %i2, i32 %j2)
bb3:
  ret i32 %i
}
"""


def test_dead_loop_carried_parameter_dies_with_its_cycle() -> None:
    m = assert_equivalent(LOOP_PARAMS, ["dce"], "f", [(0,), (5,)])
    fn = m.functions["f"]
    assert len(fn.blocks[1].params) == 1
    assert Op.MUL.value not in ops(fn)
    assert fn.entry.terminator.succs[0].arg_values[0].value == 0  # type: ignore[attr-defined]


def test_side_effects_and_volatile_loads_stay() -> None:
    text = """
declare @g() -> (i32)
define @f(ptr %p) -> () {
bb0:
  %a = call i32 ptr @g()
  %b = load i32, ptr %p volatile
  %c = load i32, ptr %p
  store i32 1, ptr %p
  ret
}
"""
    fn = run_passes(parse(text), ["dce"]).functions["f"]
    assert ops(fn) == ["call", "load", "store", "ret"]
    assert fn.entry.insts[1].volatile  # type: ignore[attr-defined]
