"""codegen/debuginfo/records_ahead.py: which code passed a run of debug records the
scheduler placed above it, and how the values the run assigns are held back past
that code's rows (line_start_values.py's timeline)."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv.model import (
    ConstLoc,
    MInstView,
    NoLoc,
    VarKey,
    VarRange,
    WhyRange,
    reg,
)
from atomc.codegen.debuginfo.line_start_values import Machine, _Site, _Timeline
from atomc.codegen.debuginfo.records_ahead import (
    RecordsAhead,
    Withheld,
    key_of_meta,
    note_records_ahead,
    suffix_minima,
)
from atomc.codegen.mir import DbgMeta, MInst
from atomc.ir.debuginfo import DIExpression, DILocalVariable
from atomc.ir.why import Why, WhyKind

VAR = DILocalVariable("l_2", None, None, 1, None, 0)  # type: ignore[arg-type]


def _record() -> MInst:
    return MInst("DBG_VALUE", [], loc=None, meta=DbgMeta(VAR, None, DIExpression(())))


def test_the_code_that_preceded_a_run_and_now_follows_it_is_noted() -> None:
    a, b, c, d = (MInst("nop", [], loc=None) for _ in range(4))
    order = [0, 2, 1, 3]  # c hoisted above b; the run followed c (3 before it)
    block = [[a, b, c, d][k] for k in order]
    run = [_record()]
    out: list[RecordsAhead] = []
    note_records_ahead(block, order, suffix_minima(order), 1, 3, run, out)
    assert out == [RecordsAhead(tuple(run), (b,))]
    # placed after b: nothing that preceded it follows
    out.clear()
    note_records_ahead(block, order, suffix_minima(order), 2, 3, run, out)
    assert out == []
    assert suffix_minima(order) == [0, 1, 1, 3, 4]


def _timeline(ranges: list[VarRange], views: list[MInstView]) -> _Timeline:
    return _Timeline(None,  # type: ignore[arg-type]  # read only for a block's entry
                      [(0, k) for k in range(len(views))], ranges, [],
                     Machine(views, frozenset()))


def _after(t: _Timeline) -> tuple[list[tuple[int, int, object]], list[WhyRange]]:
    return [(r.start, r.end, r.loc) for r in t.out if r is not None], t.gaps


X = VarKey(VAR)
KEY = key_of_meta(DbgMeta(VAR, None, DIExpression(())))


def test_one_register_for_both_values_is_cut_and_the_gap_is_not_yet() -> None:
    # `add $-1, %rdx` is instruction 2, the records after it, line 77's load (4)
    # passed them: LiveDebugValues' one range across the record is cut at it
    rdx = reg(1)
    views = [MInstView(), MInstView(), MInstView(defs=(rdx,)), MInstView(), MInstView(),
             MInstView()]
    t = _timeline([VarRange(X, 0, 6, rdx)], views)
    t.delay(_Site(2, 2, (), None), KEY, (), Withheld(2, 4, 70, None, 4))
    ranges, gaps = _after(t)
    assert ranges == [(0, 2, rdx), (4, 6, rdx)]
    assert gaps == [WhyRange(X, 2, 4, NoLoc(Why(WhyKind.NOT_YET, line=70)))]


def test_the_value_before_holds_up_to_the_first_row_of_later_code() -> None:
    views = [MInstView() for _ in range(6)]
    old, new = ConstLoc(556730025), ConstLoc(556730024)
    # no row of code after the records before the passed one: the constant reaches it
    t = _timeline([VarRange(X, 0, 2, old), VarRange(X, 2, 6, new)], views)
    t.delay(_Site(2, 2, (), None), KEY, (), Withheld(2, 4, 179, None, 4))
    assert _after(t) == ([(0, 4, old), (4, 6, new)], [])
    # a row of line 180 (instruction 3) first, where the new value is due: neither
    t = _timeline([VarRange(X, 0, 2, old), VarRange(X, 2, 6, new)], views)
    t.delay(_Site(2, 2, (), None), KEY, (), Withheld(2, 4, 179, None, 2))
    assert _after(t) == ([(0, 2, old), (4, 6, new)],
                         [WhyRange(X, 2, 4, NoLoc(Why(WhyKind.NOT_YET, line=179)))])
