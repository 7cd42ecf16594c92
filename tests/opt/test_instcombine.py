"""instcombine: folding, identities, strength reduction, compares of extended
values, cast chains and selects, with the keep rule for new instructions."""

from __future__ import annotations

import pytest
from di_text import L, module
from opt_helpers import assert_equivalent, ops, parse, run_passes

from atomc.ir import Const, Op


def combine(body: str, args: str = "i32 %a, i32 %b", ret: str = "i32") -> str:
    return f"""
define @f({args}) -> ({ret}) {{
bb0:
{body}
}}
"""


@pytest.mark.parametrize(("body", "want_ops"), [
    ("  %x = add i32 %a, i32 0\n  ret i32 %x", ["ret"]),
    ("  %x = mul i32 %a, i32 1\n  %y = or i32 %x, i32 0\n  ret i32 %y", ["ret"]),
    ("  %x = sub i32 %a, i32 %a\n  ret i32 %x", ["ret"]),
    ("  %x = and i32 %a, i32 -1\n  %y = xor i32 %x, i32 0\n  ret i32 %y", ["ret"]),
    ("  %x = mul i32 %a, i32 16\n  ret i32 %x", ["shl", "ret"]),
    ("  %x = udiv i32 %a, i32 8\n  ret i32 %x", ["lshr", "ret"]),
    ("  %x = urem i32 %a, i32 8\n  ret i32 %x", ["and", "ret"]),
    ("  %x = add i32 %a, i32 3\n  %y = add i32 %x, i32 4\n  ret i32 %y", ["add", "ret"]),
    ("  %x = sdiv i32 -7, i32 2\n  %y = srem i32 %x, i32 3\n  ret i32 %y", ["ret"]),
    ("  %x = icmp slt i32 -1, i32 0\n  %z = zext i1 %x to i32\n  ret i32 %z", ["ret"]),
    ("  %x = trunc i32 300 to i8\n  %y = sext i8 %x to i32\n  ret i32 %y", ["ret"]),
])
def test_peepholes(body: str, want_ops: list[str]) -> None:
    m = assert_equivalent(combine(body), ["instcombine"], "f",
                          [(0, 0), (5, 3), (-9, 2), (2**31 - 1, 7)])
    assert ops(m.functions["f"]) == want_ops


def test_constant_folding_results() -> None:
    text = combine("""  %x = sdiv i32 -7, i32 2
  %y = lshr i32 -1, i32 28
  %z = add i32 %x, i32 %y
  ret i32 %z""")
    ret = run_passes(parse(text), ["instcombine"]).functions["f"].entry.terminator
    assert isinstance(ret.operand(0), Const) and ret.operand(0).signed() == -3 + 15


def test_division_by_zero_is_not_folded() -> None:
    text = combine("  %x = udiv i32 1, i32 0\n  ret i32 %x")
    assert ops(run_passes(parse(text), ["instcombine"]).functions["f"]) == ["udiv", "ret"]


def test_compare_of_extended_chars_is_done_narrow() -> None:
    """(int)c < 10 with a signed char, and (unsigned char)u > 200 as int."""
    text = combine("""  %c8 = trunc i32 %a to i8
  %c = sext i8 %c8 to i32
  %lt = icmp slt i32 %c, i32 10
  %u8 = trunc i32 %b to i8
  %u = zext i8 %u8 to i32
  %gt = icmp sgt i32 %u, i32 200
  %both = and i1 %lt, i1 %gt
  %r = zext i1 %both to i32
  ret i32 %r""")
    m = assert_equivalent(text, ["instcombine"], "f",
                          [(5, 250), (-1, 201), (100, 255), (3, 100), (-128, 201)])
    cmps = [i for i in m.functions["f"].insts() if i.op is Op.ICMP]
    assert [(c.pred, str(c.lhs.ty)) for c in cmps] == [("slt", "i8"), ("ugt", "i8")]


def test_bool_roundtrip_and_inverted_compare() -> None:
    text = combine("""  %lt = icmp slt i32 %a, i32 %b
  %z = zext i1 %lt to i32
  %nz = icmp ne i32 %z, i32 0
  %not = xor i1 %nz, i1 1
  %r = select i1 %not, i32 1, i32 0
  ret i32 %r""")
    m = assert_equivalent(text, ["instcombine"], "f", [(1, 2), (2, 1), (3, 3)])
    fn = m.functions["f"]
    assert ops(fn) == ["icmp", "zext", "ret"]
    assert fn.entry.insts[0].pred == "sge"  # type: ignore[attr-defined]


def test_cast_chains() -> None:
    text = combine("""  %s = sext i8 %c to i16
  %t = sext i16 %s to i64
  %u = trunc i64 %t to i32
  %p = inttoptr i64 %t to ptr
  %q = ptrtoint ptr %p to i64
  %w = trunc i64 %q to i32
  %r = add i32 %u, i32 %w
  ret i32 %r""", args="i8 %c")
    m = assert_equivalent(text, ["instcombine"], "f", [(0,), (127,), (-128,), (-1,)])
    casts = [(i.op.value, str(i.operand(0).ty), str(i.ty)) for i in m.functions["f"].insts()
             if i.op in (Op.SEXT, Op.TRUNC, Op.INTTOPTR, Op.PTRTOINT)]
    assert ("sext", "i8", "i32") in casts and ("inttoptr", "i64", "ptr") not in casts


def test_new_instruction_keeps_the_replaced_location_and_atom() -> None:
    text = module(f"""
define @f(i32 %a) -> (i32) dbg !0 {{
bb0:
  %x = mul i32 %a, i32 4  {L(3, 9, (4, 2))}
  #dbg new #0, !5, i32 %x, ()  {L(3, 5)}
  ret i32 %x  {L(4, 3, (5, 1))}
}}
""")
    fn = run_passes(parse(text), ["instcombine"]).functions["f"]
    shl = fn.entry.insts[0]
    assert shl.op is Op.SHL
    assert (shl.loc.line, shl.loc.column, shl.loc.atom_group, shl.loc.atom_rank) == (3, 9, 4, 2)
    (rec,) = fn.entry.insts[1].dbg_records
    assert rec.value is shl  # the record followed the replacement


def test_ptradd_chains_fold() -> None:
    text = combine("""  %p = ptradd ptr %s, i64 8
  %q = ptradd ptr %p, i64 4
  %z = ptradd ptr %q, i64 0
  store i32 1, ptr %z
  ret""", args="ptr %s", ret="")
    fn = run_passes(parse(text), ["instcombine"]).functions["f"]
    (pa,) = [i for i in fn.insts() if i.op is Op.PTRADD]
    assert pa.operand(0) is fn.args[0] and pa.operand(1).value == 12  # type: ignore[attr-defined]
