"""loop-load-elim: a value stored in one iteration reaches the next iteration's load
through a header parameter; same behaviour, and the debug-info contract it declares."""

from __future__ import annotations

from opt_helpers import assert_equivalent, parse

from atomc.ir import Load
from atomc.ir.loops import LoopInfo
from atomc.opt.debugify import check_pass
from atomc.opt.registry import PASSES, _load_all

_load_all()

# g[j] = g[j - 1] * 3 + j over a signed counter entered through a guard (a preheader
# is made), then g[j] = max(g[j - 1], j % 7) with the load on one arm only
RECURRENCE = """
global @g : size 400, align 4, internal = [zero 400]

define @f(i32 %n, i32 %seed) -> (i32) {
bb0:
  store i32 %seed, ptr @g
  %go = icmp sgt i32 %n, i32 1
  branch i1 %go, bb1(i32 1), bb2
bb1(i32 %j):
  %jm = add nsw i32 %j, i32 -1
  %xm = sext i32 %jm to i64
  %om = shl i64 %xm, i64 2
  %pl = ptradd ptr @g, i64 %om
  %l = load i32, ptr %pl
  %t = mul i32 %l, i32 3
  %v = add i32 %t, i32 %j
  %xs = sext i32 %j to i64
  %os = shl i64 %xs, i64 2
  %ps = ptradd ptr @g, i64 %os
  store i32 %v, ptr %ps
  %j2 = add nsw i32 %j, i32 1
  %c = icmp slt i32 %j2, i32 %n
  branch i1 %c, bb1(i32 %j2), bb2
bb2:
  jump bb3(i64 4)
bb3(i64 %off):
  %p = ptradd ptr @g, i64 %off
  %k = trunc i64 %off to i32
  %r = srem i32 %k, i32 7
  %odd = icmp sgt i32 %r, i32 3
  branch i1 %odd, bb4, bb5(i32 %r)
bb4:
  %q = ptradd ptr %p, i64 -4
  %prev = load i32, ptr %q
  jump bb5(i32 %prev)
bb5(i32 %w):
  store i32 %w, ptr %p
  %off2 = add i64 %off, i64 4
  %c2 = icmp slt i64 %off2, i64 200
  branch i1 %c2, bb3(i64 %off2), bb6
bb6:
  %last = ptradd ptr @g, i64 196
  %a = load i32, ptr %last
  %n4 = sext i32 %n to i64
  %nb = shl i64 %n4, i64 2
  %pn = ptradd ptr @g, i64 %nb
  %pm = ptradd ptr %pn, i64 -4
  %b = load i32, ptr %pm
  %s = add i32 %a, i32 %b
  ret i32 %s
}
"""


def _loads(text_or_module) -> int:
    m = parse(text_or_module) if isinstance(text_or_module, str) else text_or_module
    return sum(isinstance(i, Load) for fn in m.functions.values() for i in fn.insts())


def test_carried_values_keep_behaviour() -> None:
    after = assert_equivalent(RECURRENCE, ["loop-load-elim"], "f",
                              [(1, 5), (2, 5), (3, -4), (50, 7), (100, 1)])
    fn = after.functions["f"]
    # both loop loads left their loops: one runs in a preheader per loop instead
    loops = [b for b in fn.blocks if b.params and len(b.params) == 2]
    assert len(loops) == 2
    assert _loads(after) == _loads(RECURRENCE)


def test_keeps_its_declared_contract_where_it_fires() -> None:
    m = parse(RECURRENCE)
    report = check_pass(PASSES["loop-load-elim"](), m)
    assert report.ok, report.summary() + "\n" + "\n".join(report.violations)
    fn = m.functions["f"]
    loops = LoopInfo(fn)
    assert not [i for i in fn.insts()
                if isinstance(i, Load) and i.block is not None and loops.loop_for(i.block)]
