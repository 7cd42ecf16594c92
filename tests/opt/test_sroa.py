"""sroa: structs on the stack split per field, then promoted by mem2reg, with
the memory home turned into fragment homes and then fragment value records."""

from __future__ import annotations

from di_text import L, module
from opt_helpers import assert_equivalent, ops, parse, run_passes

from atomc.ir import Alloca, DbgKind, Op
from atomc.ir.debuginfo import DW_OP_deref, DW_OP_LLVM_fragment

STRUCT = module(f"""
define @f(i32 %a, i64 %b) -> (i64) dbg !0 {{
bb0:
  %s = alloca 24, align 8  {L(4, 12)}
  #dbg new #0, !7, ptr %s, (deref)  {L(4, 12)}
  memset ptr %s, i8 0, 24, align 8  {L(4, 12, (1, 1))}
  store i32 %a, ptr %s  {L(5, 3, (2, 1))}
  %pb = ptradd ptr %s, i64 8  {L(6, 3)}
  store i64 %b, ptr %pb  {L(6, 3, (3, 1))}
  %x = load i32, ptr %s  {L(7, 3)}
  %xw = sext i32 %x to i64  {L(7, 3)}
  %y = load i64, ptr %pb  {L(7, 3)}
  %r = add i64 %xw, i64 %y  {L(7, 3)}
  ret i64 %r  {L(7, 3)}
}}
""")


def test_struct_is_split_with_fragment_homes() -> None:
    m = assert_equivalent(STRUCT, ["sroa"], "f", [(1, 2), (-3, 1 << 40)])
    fn = m.functions["f"]
    slots = [i for i in fn.insts() if isinstance(i, Alloca)]
    # a (0..4), padding (4..8), b (8..16), the rest (16..24) in natural chunks
    assert [(s.size, s.align) for s in slots] == [(4, 8), (4, 4), (8, 8), (8, 8)]
    assert all(s.loc is not None and s.loc.line == 4 for s in slots)
    homes = [r for i in fn.insts() for r in i.dbg_records]
    assert [(r.value, r.expr.ops) for r in homes] == [
        (slots[0], (DW_OP_deref, DW_OP_LLVM_fragment, 0, 32)),
        (slots[1], (DW_OP_deref, DW_OP_LLVM_fragment, 32, 32)),
        (slots[2], (DW_OP_deref, DW_OP_LLVM_fragment, 64, 64)),
        (slots[3], (DW_OP_deref, DW_OP_LLVM_fragment, 128, 64)),
    ]
    assert "memset" not in ops(fn) and "ptradd" not in ops(fn)
    zero_stores = [i for i in fn.insts() if i.op is Op.STORE and i.loc.atom_group == 1]
    assert len(zero_stores) == 4  # the memset's pieces keep its location and atom


def test_sroa_then_mem2reg_gives_fragment_value_records() -> None:
    m = assert_equivalent(STRUCT, ["sroa", "mem2reg"], "f", [(1, 2), (-3, 1 << 40)])
    fn = m.functions["f"]
    assert ops(fn) == ["sext", "add", "ret"]
    recs = [(r.kind, r.value, r.expr.fragment) for i in fn.insts() for r in i.dbg_records]
    assert all(k is DbgKind.NEW for k, _, _ in recs)
    last = {}
    for _, v, frag in recs:
        last[frag] = v
    # the last value each piece of `s` takes: a, 0 padding, b, 0
    assert last[(0, 32)] is fn.args[0] and last[(64, 64)] is fn.args[1]
    assert last[(32, 32)].value == 0 and last[(128, 64)].value == 0  # type: ignore[union-attr]


def test_struct_copy_between_locals() -> None:
    text = """
define @f(i32 %a, i32 %b) -> (i32) {
bb0:
  %s = alloca 8, align 4
  %t = alloca 8, align 4
  store i32 %a, ptr %s
  %p = ptradd ptr %s, i64 4
  store i32 %b, ptr %p
  memcpy ptr %t, ptr %s, 8, align 4
  %q = ptradd ptr %t, i64 4
  %v = load i32, ptr %q
  %w = load i32, ptr %t
  %r = sub i32 %v, i32 %w
  ret i32 %r
}
"""
    m = assert_equivalent(text, ["sroa", "mem2reg"], "f", [(1, 2), (10, -3)])
    assert ops(m.functions["f"]) == ["sub", "ret"]


def test_escaping_or_variably_indexed_aggregates_are_left_alone() -> None:
    text = """
declare @use(ptr) -> ()
define @f(i64 %i) -> (i32) {
bb0:
  %s = alloca 8, align 4
  %t = alloca 8, align 4
  call void ptr @use(ptr %s)
  %p = ptradd ptr %t, i64 %i
  store i32 1, ptr %p
  %v = load i32, ptr %t
  ret i32 %v
}
"""
    fn = run_passes(parse(text), ["sroa"]).functions["f"]
    assert [i.size for i in fn.insts() if isinstance(i, Alloca)] == [8, 8]


def test_partially_overlapping_accesses_are_not_split() -> None:
    text = """
define @f(i64 %x) -> (i32) {
bb0:
  %s = alloca 8, align 8
  store i64 %x, ptr %s
  %p = ptradd ptr %s, i64 2
  %v = load i32, ptr %p
  ret i32 %v
}
"""
    m = assert_equivalent(text, ["sroa"], "f", [(0x1122334455667788,)])
    assert [i.size for i in m.functions["f"].insts() if isinstance(i, Alloca)] == [8]
