"""//@ expectations: parsing, and passing and failing examples of every kind."""

from __future__ import annotations

import pytest
from dbgeval_helpers import stop, trace_of, var

from atomc_eval.drivers.base import Watch
from atomc_eval.expectations import ExpectationError, evaluate, parse, same_value

SRC = """\
int main(void) {
  int s = 0;                 //@ label: start
  for (int i = 0; i < 4; i++)
    s += i;                  //@ watch(i): 0 1 2 3
  //@ watch(s) at start: 0
  if (s > 100)
    s = -1;                  //@ unreachable
  return s;                  //@ step-order: 2 //@ label: end
}
//@ step-order at start: 1
"""


def test_parse_every_kind() -> None:
    parsed = parse(SRC, "t.c")
    assert parsed.labels == {"start": 2, "end": 8}
    got = [(e.kind, e.written_at, e.line, e.expr, e.values, e.orders) for e in parsed.expectations]
    assert got == [
        ("watch", 4, 4, "i", ("0", "1", "2", "3"), ()),
        ("watch", 5, 2, "s", ("0",), ()),
        ("unreachable", 7, 7, "", (), ()),
        ("step-order", 8, 8, "", (), (2,)),
        ("step-order", 10, 2, "", (), (1,)),
    ]


def test_char_values_become_numbers() -> None:
    parsed = parse("char c = 'a'; //@ watch(c): 'a' 98\n")
    assert parsed.expectations[0].values == ("97", "98")


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("x; //@ watch(i) at nowhere: 1\n", "unknown label 'nowhere'"),
        ("x; //@ label: a\ny; //@ label: a\n", "already names line 1"),
        ("//@ unreachable\n", "comment-only line"),
        ("x; //@ frobnicate\n", "unknown expectation 'frobnicate'"),
        ("x; //@ watch(i):\n", "at least one value"),
        ("x; //@ watch: 1\n", "needs an expression"),
        ("x; //@ step-order: 1\ny; //@ step-order: 1\n", "step-order 1 already used"),
        ("x; //@ step-order: first\n", "whole numbers"),
        ("x; //@ unreachable: 3\n", "takes no arguments"),
        ("x; //@ label:\n", "label needs a name"),
    ],
)
def test_parse_errors_name_the_line(source: str, message: str) -> None:
    with pytest.raises(ExpectationError, match=message) as info:
        parse(source, "t.c")
    assert str(info.value).startswith("t.c:")


def test_same_value_spellings() -> None:
    assert same_value("16", "0x10") and same_value("0x10", "16")
    assert same_value("2.5", "2.5000000001") and not same_value("2.5", "2.6")
    assert not same_value("abc", "abd")


# --- watch -----------------------------------------------------------------


def test_watch_passes_with_repeats_and_extra_values() -> None:
    stops = [
        stop(0, 4, variables=(var("i", "-7"),)),  # garbage before the loop: extra value, allowed
        stop(1, 4, variables=(var("i", "0"),)),
        stop(2, 4, variables=(var("i", "0"),)),  # same line twice: collapsed
        stop(3, 4, variables=(var("i", None),)),  # optimized out: ignored
        stop(4, 4, variables=(var("i", "1"),)),
        stop(5, 4, variables=(var("i", "2"),)),
        stop(6, 4, variables=(var("i", "3"),)),
    ]
    parsed = parse("\n\n\ns += i; //@ watch(i): 0 1 2 3\n", "t.c")
    (outcome,) = evaluate(parsed, trace_of(stops), "p.c")
    assert outcome.passed
    assert outcome.message == "saw -7 0 1 2 3; 1 of 7 stops had no value"


def test_watch_fails_on_missing_or_misordered_values() -> None:
    parsed = parse("\n\n\ns += i; //@ watch(i): 0 1 2 3\n", "t.c")
    stops = [stop(k, 4, variables=(var("i", v),)) for k, v in enumerate(["0", "2", "1", "3"])]
    (outcome,) = evaluate(parsed, trace_of(stops), "p.c")
    assert not outcome.passed
    assert outcome.message == "missing 2 3 (saw 0 2 1 3)"


def test_watch_fails_when_line_never_stopped_on() -> None:
    parsed = parse("\n\n\ns += i; //@ watch(i): 0\n", "t.c")
    (outcome,) = evaluate(parsed, trace_of([stop(0, 3)]), "p.c")
    assert (outcome.passed, outcome.message) == (False, "never stopped on line 4")


def test_watch_prefers_recorded_watch_expressions() -> None:
    parsed = parse("\n\n\ns += i; //@ watch(i*2): 0 2\n", "t.c")
    stops = [
        stop(0, 4).__class__(**{**_slots(stop(0, 4)), "watches": (Watch("i*2", "0", "int"),)}),
        stop(1, 4).__class__(**{**_slots(stop(1, 4)), "watches": (Watch("i*2", "2", "int"),)}),
    ]
    assert evaluate(parsed, trace_of(stops), "p.c")[0].passed


def _slots(obj: object) -> dict[str, object]:
    return {n: getattr(obj, n) for n in obj.__slots__}  # type: ignore[attr-defined]


# --- step-order --------------------------------------------------------------

ORDER_SRC = "a; //@ step-order: 1\nb; //@ step-order: 2 4\nc; //@ step-order: 3\n"


def test_step_order_passes_in_order() -> None:
    lines = [1, 1, 2, 9, 3, 2]
    parsed = parse(ORDER_SRC, "t.c")
    outcomes = evaluate(parsed, trace_of([stop(k, ln) for k, ln in enumerate(lines)]), "p.c")
    assert [o.passed for o in outcomes] == [True, True, True]


def test_step_order_fails_out_of_order() -> None:
    lines = [1, 3, 2]  # line 3 (order 3) before line 2 (order 2), and no second visit of line 2
    parsed = parse(ORDER_SRC, "t.c")
    outcomes = evaluate(parsed, trace_of([stop(k, ln) for k, ln in enumerate(lines)]), "p.c")
    assert [o.passed for o in outcomes] == [True, False, False]
    assert "reached as: 1 3 2" in outcomes[1].message


# --- unreachable ---------------------------------------------------------------


def test_unreachable_passes_and_fails() -> None:
    parsed = parse("a;\nb; //@ unreachable\n", "t.c")
    assert evaluate(parsed, trace_of([stop(0, 1)]), "p.c")[0].passed
    failed = evaluate(parsed, trace_of([stop(0, 1), stop(1, 2), stop(2, 2)]), "p.c")[0]
    assert (failed.passed, failed.message) == (False, "stopped there 2 time(s), first at stop #1")


def test_stops_in_other_files_are_ignored() -> None:
    parsed = parse("a;\nb; //@ unreachable\n", "t.c")
    assert evaluate(parsed, trace_of([stop(0, 2, file="/elsewhere/lib.c")]), "/src/p.c")[0].passed


# --- label ---------------------------------------------------------------------


def test_label_lets_a_comment_line_target_code() -> None:
    parsed = parse("x = 1; //@ label: here\n//@ unreachable at here\n", "t.c")
    assert [(e.kind, e.line) for e in parsed.expectations] == [("unreachable", 1)]
    assert not evaluate(parsed, trace_of([stop(0, 1)]), "p.c")[0].passed
    assert evaluate(parsed, trace_of([stop(0, 2)]), "p.c")[0].passed
