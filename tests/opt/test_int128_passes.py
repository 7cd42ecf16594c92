"""The scalar passes on i128 (and on `nsw`): folding computes exactly what the
interpreter computes, at 128 bits and with wrap-around for signed overflow
(`INT_MAX + 1` is `INT_MIN`, nsw or not); strength reduction, compare
narrowing, SCCP and GVN work on i128 as on other widths; GVN drops `nsw`
when it merges an instruction that lacks it."""

from __future__ import annotations

import pytest
from opt_helpers import assert_equivalent, ops, parse, run_passes

from atomc.ir import Binary, Const, Op

I128_MAX = (1 << 127) - 1
I128_MIN = -(1 << 127)


def one(body: str, args: str = "i128 %a, i128 %b", ret: str = "i128") -> str:
    return f"define @f({args}) -> ({ret}) {{\nbb0:\n{body}\n}}\n"


def returned(text: str, passes: list[str]) -> Const:
    m = run_passes(parse(text), passes)
    r = m.functions["f"].entry.terminator.operand(0)
    assert isinstance(r, Const), ops(m.functions["f"])
    return r


@pytest.mark.parametrize("passes", [["instcombine"], ["sccp"]])
def test_signed_overflow_folds_to_the_wrapped_value(passes: list[str]) -> None:
    assert returned(one(f"  %x = add nsw i128 {I128_MAX}, i128 1\n  ret i128 %x"),
                    passes).signed() == I128_MIN
    assert returned(one("  %x = add nsw i32 2147483647, i32 1\n  ret i32 %x", "",
                        "i32"), passes).signed() == -(1 << 31)
    assert returned(one("  %x = mul nsw i64 9223372036854775807, i64 2\n  ret i64 %x", "",
                        "i64"), passes).signed() == -2


@pytest.mark.parametrize(("body", "value"), [
    ("  %x = shl i128 1, i128 100\n  %y = lshr i128 %x, i128 99\n  ret i128 %y", 2),
    ("  %x = sdiv i128 -170141183460469231731687303715884105728, i128 3\n  ret i128 %x",
     -(1 << 127) // 3 + 1),
    ("  %x = ashr i128 -170141183460469231731687303715884105728, i128 127\n  ret i128 %x", -1),
    ("  %x = sext i64 -1 to i128\n  %y = udiv i128 %x, i128 18446744073709551616\n"
     "  ret i128 %y", (1 << 64) - 1),
    ("  %x = trunc i128 340282366920938463463374607431768211455 to i64\n"
     "  %y = zext i64 %x to i128\n  ret i128 %y", (1 << 64) - 1),
])
def test_128_bit_constants_fold_exactly(body: str, value: int) -> None:
    assert returned(one(body), ["instcombine"]).signed() == value


def test_strength_reduction_on_i128() -> None:
    text = one("  %x = mul i128 %a, i128 1267650600228229401496703205376\n"
               "  %y = udiv i128 %b, i128 1180591620717411303424\n"
               "  %z = urem i128 %a, i128 1180591620717411303424\n"
               "  %s = add i128 %x, i128 %y\n  %t = add i128 %s, i128 %z\n  ret i128 %t")
    inputs = [(0, 0), (3, -1), (-(1 << 100) + 7, (1 << 90) + 5), (I128_MAX, I128_MIN)]
    m = assert_equivalent(text, ["instcombine"], "f", inputs)
    assert sorted(ops(m.functions["f"])) == sorted(["shl", "lshr", "and", "add", "add", "ret"])


def test_compare_of_extended_i64_is_done_in_64_bits() -> None:
    text = one("  %x = zext i64 %p to i128\n  %y = zext i64 %q to i128\n"
               "  %c = icmp slt i128 %x, i128 %y\n  %r = zext i1 %c to i32\n  ret i32 %r",
               "i64 %p, i64 %q", "i32")
    m = assert_equivalent(text, ["instcombine", "dce"], "f",
                          [(0, 1), (-1, 1), (1, -1), (5, 5)])
    (cmp,) = [i for i in m.functions["f"].insts() if i.op is Op.ICMP]
    assert cmp.operand(0).ty.bits == 64 and cmp.pred == "ult"  # type: ignore[attr-defined]


def test_unrolled_i128_loop_folds_to_its_wrapped_value() -> None:
    """acc = acc * 1000003 + k, eight times: the exact value needs 160 bits, so the
    constant left after unrolling and SCCP is its residue mod 2^128."""
    text = """
define @f() -> (i128) {
bb0:
  jump bb1(i128 0, i128 1)
bb1(i128 %k, i128 %acc):
  %c = icmp slt i128 %k, i128 8
  branch i1 %c, bb2, bb3
bb2:
  %m = mul nsw i128 %acc, i128 1000003
  %acc2 = add nsw i128 %m, i128 %k
  %k2 = add nsw i128 %k, i128 1
  jump bb1(i128 %k2, i128 %acc2)
bb3:
  ret i128 %acc
}
"""
    want = 1
    for k in range(8):
        want = want * 1000003 + k
    assert want >= 1 << 128
    m = run_passes(parse(text), ["loop-unroll", "sccp", "instcombine", "simplifycfg"])
    rets = [i for i in m.functions["f"].insts() if i.op is Op.RET]
    assert [r.operand(0).value for r in rets if isinstance(r.operand(0), Const)] == \
        [want % (1 << 128)]


def test_gvn_merges_i128_and_keeps_nsw_only_if_both_had_it() -> None:
    text = one("  %x = add nsw i128 %a, i128 %b\n  %y = add i128 %b, i128 %a\n"
               "  %z = add nsw i64 %p, i64 1\n  %w = add nsw i64 %p, i64 1\n"
               "  %zw = zext i64 %z to i128\n  %ww = zext i64 %w to i128\n"
               "  %s = xor i128 %x, i128 %y\n  %t = add i128 %zw, i128 %ww\n"
               "  %u = add i128 %s, i128 %t\n  ret i128 %u", "i128 %a, i128 %b, i64 %p")
    m = assert_equivalent(text, ["gvn"], "f", [(1, 2, 3), (-1, I128_MAX, -1)])
    adds = [i for i in m.functions["f"].insts() if isinstance(i, Binary) and i.op is Op.ADD]
    by_type = {(str(i.ty), i.nsw) for i in adds}
    assert ("i128", False) in by_type and ("i128", True) not in by_type  # merged, dropped
    assert ("i64", True) in by_type  # both had it: kept
    assert len([i for i in adds if str(i.ty) == "i64"]) == 1


def test_gvn_tells_wide_operations_apart() -> None:
    """After legalisation (atomc-opt --passes=legalize-i128,gvn): a wide add and a
    wide sub of the same halves are different values."""
    text = """
define @f(i64 %p, i64 %q) -> (i64) {
bb0:
  %a = sext i64 %p to i128
  %b = zext i64 %q to i128
  %s = add i128 %a, i128 %b
  %d = sub i128 %a, i128 %b
  %x = xor i128 %s, i128 %d
  %h = lshr i128 %x, i128 64
  %y = xor i128 %x, i128 %h
  %r = trunc i128 %y to i64
  ret i64 %r
}
"""
    m = assert_equivalent(text, ["legalize-i128", "gvn"], "f", [(5, 7), (-1, 3), (0, -1)])
    kinds = sorted(i.mnemonic for i in m.functions["f"].insts() if i.op is Op.WIDE)
    assert kinds == ["add", "sub"]
