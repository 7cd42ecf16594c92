"""Linear function test replacement, checked with the IR interpreter and the
debugify contract on loops shaped as iv-sr leaves them."""

from __future__ import annotations

from opt_helpers import assert_equivalent, parse

from atomc.ir import Cmp, IntType
from atomc.opt.debugify import check_pass
from atomc.opt.registry import PASSES, _load_all

_load_all()

# f(m): fill g and g2 (the counter also feeds `k * m`: kept), a dot product of
# g and g2 (replaced), a down-counting copy into h and h2 with stride 8 (replaced),
# and a sum over g2 from a pointer into its middle with k from -8 to 7 (replaced:
# the scaled index is negative for half the loop).
LOOPS = """
global @g : size 256, align 4, external = [zero 256]
global @g2 : size 256, align 4, external = [zero 256]
global @h : size 128, align 8, external = [zero 128]
global @h2 : size 128, align 8, external = [zero 128]

define @f(i32 %m) -> (i32) {
bb0:
  jump bb1(i32 0, i64 0)
bb1(i32 %k, i64 %j):
  %km = mul nsw i32 %k, i32 %m
  %v = add i32 %km, i32 -40
  %pg = ptradd ptr @g, i64 %j
  store i32 %v, ptr %pg
  %w = sub nsw i32 7, i32 %k
  %pg2 = ptradd ptr @g2, i64 %j
  store i32 %w, ptr %pg2
  %k2 = add nsw i32 %k, i32 1
  %c = icmp slt i32 %k2, i32 64
  %nj = add i64 %j, i64 4
  branch i1 %c, bb1(i32 %k2, i64 %nj), bb2
bb2:
  %z = sext i32 0 to i64
  %z4 = mul i64 %z, i64 4
  jump bb3(i32 0, i32 0, i64 %z4)
bb3(i32 %dk, i32 %s, i64 %dj):
  %dead = sext i32 %dk to i64
  %qa = ptradd ptr @g, i64 %dj
  %a = load i32, ptr %qa
  %qb = ptradd ptr @g2, i64 %dj
  %b = load i32, ptr %qb
  %ab = mul i32 %a, i32 %b
  %s2 = add i32 %s, i32 %ab
  %dk2 = add nsw i32 %dk, i32 1
  %dc = icmp slt i32 %dk2, i32 64
  %dj2 = add i64 %dj, i64 4
  branch i1 %dc, bb3(i32 %dk2, i32 %s2, i64 %dj2), bb4(i32 %s2)
bb4(i32 %s3):
  %f15 = sext i32 15 to i64
  %h15 = mul i64 %f15, i64 8
  jump bb5(i32 15, i64 %h15)
bb5(i32 %hk, i64 %hj):
  %ph = ptradd ptr @h, i64 %hj
  %x = sext i32 %s3 to i64
  store i64 %x, ptr %ph
  %ph2 = ptradd ptr @h2, i64 %hj
  store i64 %hj, ptr %ph2
  %hk2 = add nsw i32 %hk, i32 -1
  %hc = icmp sge i32 %hk2, i32 0
  %hj2 = add i64 %hj, i64 -8
  branch i1 %hc, bb5(i32 %hk2, i64 %hj2), bb6
bb6:
  %mid = ptradd ptr @g2, i64 128
  %n8 = sext i32 -8 to i64
  %n32 = mul i64 %n8, i64 4
  jump bb7(i32 -8, i32 %s3, i64 %n32)
bb7(i32 %nk, i32 %t, i64 %nj8):
  %pm = ptradd ptr %mid, i64 %nj8
  %e = load i32, ptr %pm
  %pn = ptradd ptr @g, i64 %nj8
  %t1 = add i32 %t, i32 %e
  %nk2 = add nsw i32 %nk, i32 1
  %nc = icmp ne i32 %nk2, i32 8
  %nj9 = add i64 %nj8, i64 4
  branch i1 %nc, bb7(i32 %nk2, i32 %t1, i64 %nj9), bb8(i32 %t1)
bb8(i32 %r):
  %l0 = load i64, ptr @h2
  %l1 = trunc i64 %l0 to i32
  %r2 = add i32 %r, i32 %l1
  ret i32 %r2
}
"""


def _i32_params(m) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for b in m.functions["f"].blocks for p in b.params
               if p.ty == IntType(32))


def test_replaces_the_tests_and_keeps_results() -> None:
    before = _i32_params(parse(LOOPS))
    m = assert_equivalent(LOOPS, ["lftr"], "f", [(0,), (3,), (-7,), (100000,)])
    assert _i32_params(m) == before - 3  # the fill loop's counter stays
    wide = [i for i in m.functions["f"].insts() if isinstance(i, Cmp)
            and i.lhs.ty == IntType(64)]
    assert sorted(c.pred for c in wide) == ["ne", "sge", "slt"]


def test_keeps_its_debug_info_contract() -> None:
    report = check_pass(PASSES["lftr"](), parse(LOOPS))
    assert report.ok, report.violations
    assert not report.optimised_out  # every counter's value is recomputed from its IV
