"""Every dynamic metric on hand-written traces with hand-computed answers."""

from __future__ import annotations

import random

import pytest
from dbgeval_helpers import stop, trace_of, var

from atomc_eval.metrics import (
    build_dependent,
    lcs_length,
    line_coverage,
    multi_atom_lines,
    new_backward_jumps,
    order_score,
    reference_reads,
    score,
    split_activations,
    variable_availability,
    variable_correctness,
    wrong_at,
)


def _naive_lcs(a: list[int], b: list[int]) -> int:
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            table[i + 1][j + 1] = (
                table[i][j] + 1 if x == y else max(table[i][j + 1], table[i + 1][j])
            )
    return table[-1][-1]


def test_lcs_known_answers() -> None:
    assert lcs_length("ABCBDAB", "BDCABA") == 4  # textbook example (BCBA)
    assert lcs_length([1, 2, 3], [1, 2, 3]) == 3
    assert lcs_length([1, 2, 3], [3, 2, 1]) == 1
    assert lcs_length([], [1]) == 0
    assert lcs_length([5, 5, 5], [5]) == 1


def test_lcs_matches_quadratic_table_on_random_sequences() -> None:
    rng = random.Random(6)
    for _ in range(200):
        a = [rng.randrange(5) for _ in range(rng.randrange(0, 40))]
        b = [rng.randrange(5) for _ in range(rng.randrange(0, 40))]
        assert lcs_length(a, b) == _naive_lcs(a, b)


def test_activations_split_on_calls_and_returns() -> None:
    # main(2) -> f(10, 11) -> main(3) -> f(10, 11) -> main(4)
    stops = [
        stop(0, 2, "main", cfa=0x2000),
        stop(1, 10, "f", cfa=0x1000),
        stop(2, 11, "f", cfa=0x1000),
        stop(3, 3, "main", cfa=0x2000),
        stop(4, 10, "f", cfa=0x1000),
        stop(5, 11, "f", cfa=0x1000),
        stop(6, 4, "main", cfa=0x2000),
    ]
    acts = split_activations(stops)
    assert [(a.function, a.lines) for a in acts] == [
        ("main", (2, 3, 4)),
        ("f", (10, 11)),
        ("f", (10, 11)),
    ]


def test_activation_reentered_without_caller_stop() -> None:
    # a loop calls f twice with no stop in the caller between: the second call
    # is seen when f stops again at its entry address
    stops = [
        stop(0, 10, "f", cfa=0x1000),
        stop(1, 11, "f", cfa=0x1000),
        stop(2, 10, "f", cfa=0x1000),
    ]
    assert [a.lines for a in split_activations(stops)] == [(10, 11), (10,)]


def test_recursion_gives_one_activation_per_frame() -> None:
    stops = [
        stop(0, 5, "fact", cfa=0x3000),
        stop(1, 5, "fact", cfa=0x2000),
        stop(2, 6, "fact", cfa=0x2000, addr=0x600),
        stop(3, 7, "fact", cfa=0x3000),
    ]
    acts = split_activations(stops)
    assert [a.lines for a in acts] == [(5, 7), (5, 6)]


def test_inlined_copies_are_separate_activations() -> None:
    stops = [
        stop(0, 10, "main", cfa=0x2000),
        stop(1, 4, "sq", cfa=0x2000, inlined_in="main"),
        stop(2, 11, "main", cfa=0x2000),
        stop(3, 4, "sq", cfa=0x2000, inlined_in="main"),
    ]
    assert [(a.function, a.lines) for a in split_activations(stops)] == [
        ("main", (10, 11)),
        ("sq", (4,)),
        ("sq", (4,)),
    ]


def test_order_precision_and_recall() -> None:
    ref = split_activations([stop(i, line) for i, line in enumerate([1, 2, 3, 4])])
    build = split_activations([stop(i, line) for i, line in enumerate([1, 3, 2, 4, 4])])
    result = order_score(build, ref)
    # LCS of 1 3 2 4 4 and 1 2 3 4 is 3 (e.g. 1 2 4)
    assert (result.lcs, result.build_len, result.ref_len) == (3, 5, 4)
    assert result.precision == pytest.approx(3 / 5)
    assert result.recall == pytest.approx(3 / 4)


def test_order_counts_unmatched_activations_in_denominators() -> None:
    ref = split_activations(
        [
            stop(0, 1, "main", cfa=0x2000),
            stop(1, 7, "g", cfa=0x1000),
            stop(2, 2, "main", cfa=0x2000),
        ]
    )
    build = split_activations([stop(0, 1, "main", cfa=0x2000), stop(1, 2, "main", cfa=0x2000)])
    result = order_score(build, ref)
    assert (result.lcs, result.build_len, result.ref_len) == (2, 2, 3)


def test_new_backward_jumps_ignore_those_the_reference_makes() -> None:
    # reference loops 2..4 back to 2; build also jumps 3 -> 2, which is new
    ref = split_activations([stop(i, line) for i, line in enumerate([1, 2, 3, 4, 2, 3, 4, 5])])
    build = split_activations([stop(i, line) for i, line in enumerate([1, 3, 2, 4, 2, 3, 5])])
    assert new_backward_jumps(build, ref) == 1


def test_line_coverage() -> None:
    ref = [stop(i, line) for i, line in enumerate([1, 2, 3, 4, 2])]
    build = [stop(i, line) for i, line in enumerate([1, 3, 9])]
    assert line_coverage(build, ref) == pytest.approx(2 / 4)


def test_variable_availability_counts_lines_the_build_stops_on() -> None:
    ref = [
        stop(0, 1, variables=(var("a", "1"), var("b", "2"))),
        stop(1, 2, variables=(var("a", "1"), var("b", "3"))),
        stop(2, 3, variables=(var("a", "1"),)),
    ]
    build = [
        stop(0, 1, variables=(var("a", "1"), var("b", None))),
        stop(1, 2, variables=(var("a", "7"), var("b", "3"))),
    ]
    # judged keys: (f,1,a) (f,1,b) (f,2,a) (f,2,b); line 3 never stopped on
    assert variable_availability(build, ref) == pytest.approx(3 / 4)


def test_partly_shown_aggregate_is_available_but_not_whole() -> None:
    """gdb prints a struct with a lost member as `{a = <optimized out>, b = 20}`: the
    default figure counts it shown (its known part is judged for correctness), the
    `whole` variant only counts values shown entirely."""
    ref = [stop(0, 1, variables=(var("s", "{a = 1, b = 20}"), var("n", "3")))]
    build = [stop(0, 1, variables=(var("s", "{a = <optimized out>, b = 20}"),
                                   var("n", "3")))]
    assert variable_availability(build, ref) == 1.0
    assert variable_availability(build, ref, whole=True) == pytest.approx(1 / 2)
    assert variable_correctness(build, ref)[0] == 1.0


def test_variable_correctness_lists_wrong_values() -> None:
    ref = [
        stop(0, 1, variables=(var("a", "1"), var("p", "0x7ffd0", "ptr"))),
        stop(1, 2, variables=(var("a", "2"),)),
        stop(2, 2, variables=(var("a", "3"),)),
    ]
    build = [
        stop(0, 1, variables=(var("a", "1"), var("p", "0x5000", "ptr"), var("z", "9"))),
        stop(1, 2, variables=(var("a", "3"),)),
        stop(2, 2, variables=(var("a", "5"),)),
        stop(3, 2, variables=(var("a", "5"),)),
    ]
    ratio, wrong = variable_correctness(build, ref)
    # judged: a@1 ok, p@1 ok (both non-null), a@2=3 ok, a@2=5 twice WRONG; z never in ref
    # (line 2 also accepts 1, the value at the reference's stop right before it)
    assert ratio == pytest.approx(3 / 5)
    assert [(w.function, w.line, w.variable, w.value, w.expected, w.count) for w in wrong] == [
        ("f", 2, "a", "5", ("1", "2", "3"), 2)
    ]


def test_one_statement_of_slack_around_a_stop() -> None:
    # Reference: line 5 (x=1), line 6 (x=2, after line 5 ran), line 7 (x=3), then x=9 at
    # line 8.  A build stopping on line 6 mid-line after line 6's own assignment (3) or
    # before line 5's last instruction ran (1) is right; a value from two statements away
    # (9) is still WRONG.
    ref = [stop(0, 5, variables=(var("x", "1"),)), stop(1, 6, variables=(var("x", "2"),)),
           stop(2, 7, variables=(var("x", "3"),)), stop(3, 8, variables=(var("x", "9"),))]
    build = [stop(0, 6, variables=(var("x", "1"),)), stop(1, 6, variables=(var("x", "3"),)),
             stop(2, 6, variables=(var("x", "9"),))]
    ratio, wrong = variable_correctness(build, ref)
    assert ratio == pytest.approx(2 / 3)
    assert [(w.line, w.value) for w in wrong] == [(6, "9")]


def test_slack_stays_within_one_activation() -> None:
    # The stop before line 6 belongs to another activation (a different frame): no slack.
    ref = [stop(0, 5, variables=(var("x", "1"),), cfa=0x2000),
           stop(1, 6, variables=(var("x", "2"),)), stop(2, 7, variables=(var("x", "2"),))]
    build = [stop(0, 6, variables=(var("x", "1"),))]
    assert variable_correctness(build, ref)[0] == 0.0


def test_pointer_members_of_aggregates_compare_by_nullness() -> None:
    ref = [stop(0, 1, variables=(var("s", "{n = 2, p = 0x7ffd0, q = 0x0}", "aggregate"),))]
    same = [stop(0, 1, variables=(var("s", "{n = 2, p = 0x5000, q = 0x0}", "aggregate"),))]
    null = [stop(0, 1, variables=(var("s", "{n = 2, p = 0x0, q = 0x0}", "aggregate"),))]
    assert variable_correctness(same, ref)[0] == 1.0
    assert variable_correctness(null, ref)[0] == 0.0


def test_call_site_stop_inside_an_inlined_call_is_not_judged() -> None:
    # g is inlined into f at line 3.  gdb first stops at the call site (same pc as g's
    # first stop), then inside g; a jump back into g's code stops at the call site again
    # while g is half done: f's array is then half filled, a point -O0 never stops at.
    ref = [stop(0, 3, "f", variables=(var("a", "{0, 0}", "aggregate"),)),
           stop(1, 9, "g", variables=(), cfa=0x0f00),
           stop(2, 4, "f", variables=(var("a", "{1, 2}", "aggregate"),))]
    build = [stop(0, 3, "f", addr=0x10, variables=(var("a", "{0, 0}", "aggregate"),)),
             stop(1, 9, "g", addr=0x10, inlined_in="f"),
             stop(2, 3, "f", addr=0x20, variables=(var("a", "{1, 0}", "aggregate"),)),
             stop(3, 9, "g", addr=0x20, inlined_in="f"),
             stop(4, 4, "f", addr=0x30, variables=(var("a", "{1, 2}", "aggregate"),))]
    assert variable_correctness(build, ref) == (1.0, ())
    # without the re-entry the half-filled array at a call-site stop is WRONG
    assert variable_correctness(build[2:3], ref)[0] == 0.0


def test_null_pointer_is_wrong_against_non_null() -> None:
    ref = [stop(0, 1, variables=(var("p", "0x7ffd0", "ptr"),))]
    build = [stop(0, 1, variables=(var("p", "0x0", "ptr"),))]
    ratio, wrong = variable_correctness(build, ref)
    assert ratio == 0.0
    assert wrong[0].expected == ("non-null",)


def test_partly_optimized_out_aggregate_judged_on_known_parts() -> None:
    ref = [stop(0, 1, variables=(var("s", "{x = 3, y = 4}", "aggregate"),))]
    ok = [stop(0, 1, variables=(var("s", "{x = <optimized out>, y = 4}", "aggregate"),))]
    bad = [stop(0, 1, variables=(var("s", "{x = <optimized out>, y = 0}", "aggregate"),))]
    assert variable_correctness(ok, ref)[0] == 1.0
    assert variable_correctness(bad, ref)[0] == 0.0


def test_locals_not_judged_on_or_before_their_declaration_line() -> None:
    ref = [
        stop(0, 5, variables=(var("n", "-12345", decl_line=5),)),
        stop(1, 6, variables=(var("n", "4", decl_line=5),)),
    ]
    build = [
        stop(0, 5, variables=(var("n", None, decl_line=5),)),
        stop(1, 6, variables=(var("n", "4", decl_line=5),)),
    ]
    assert variable_availability(build, ref) == 1.0
    assert variable_correctness(build, ref) == (1.0, ())


def test_score_puts_it_together() -> None:
    ref = trace_of(
        [
            stop(0, 1, "main", cfa=0x2000, variables=(var("x", "0"),)),
            stop(1, 10, "g", cfa=0x1000),
            stop(2, 11, "g", cfa=0x1000),
            stop(3, 2, "main", cfa=0x2000, variables=(var("x", "1"),)),
            stop(4, 3, "main", cfa=0x2000, variables=(var("x", "2"),)),
        ]
    )
    build = trace_of(
        [
            stop(0, 1, "main", cfa=0x2000, variables=(var("x", "0"),)),
            stop(1, 3, "main", cfa=0x2000, variables=(var("x", "7"),)),
            stop(2, 2, "main", cfa=0x2000, variables=(var("x", None),)),
            stop(3, 3, "main", cfa=0x2000, variables=(var("x", "2"),)),
        ],
        reason="step-limit",
    )
    s = score(build, ref)
    assert (s.stops, s.ref_stops) == (4, 5)
    # main: build 1 3 2 3 vs ref 1 2 3 -> LCS 3; g unmatched (ref only)
    assert s.order_precision == pytest.approx(3 / 4)
    assert s.order_recall == pytest.approx(3 / 5)
    assert s.backward_jumps == 1 and s.backward_per_100 == pytest.approx(25.0)
    assert s.line_coverage == pytest.approx(3 / 5)
    # shown in ref at build-stopped lines: x@1, x@2, x@3; build shows x@1 and x@3
    assert s.var_availability == pytest.approx(2 / 3)
    assert s.var_correctness == pytest.approx(2 / 3)
    assert [(w.line, w.value) for w in s.wrong] == [(3, "7")]
    assert s.end_reason == "step-limit"


def test_empty_reference_gives_no_ratio() -> None:
    s = score(trace_of([stop(0, 1)]), trace_of([]))
    assert s.order_recall is None and s.line_coverage is None and s.var_correctness is None


def test_strict_rejects_stale_values_from_the_stop_before() -> None:
    # The loose rules accept x=1 at line 6 (the reference's stop before); strict ones
    # do not: a user at line 6 reading the value line 5 had before it ran sees a stale one.
    ref = [stop(0, 5, variables=(var("x", "1"),)), stop(1, 6, variables=(var("x", "2"),)),
           stop(2, 7, variables=(var("x", "3"),))]
    build = [stop(0, 6, variables=(var("x", "1"),))]
    assert variable_correctness(build, ref)[0] == 1.0
    ratio, wrong = variable_correctness(build, ref, strict=True)
    assert ratio == 0.0 and [(w.line, w.value, w.expected) for w in wrong] == [(6, "1", ("2",))]


def test_strict_accepts_the_value_after_the_line_only_with_several_atoms() -> None:
    # x=3 is what the reference shows after line 6 ran: right for a stop at a later
    # atom of line 6 (the build stops on line 6 at two addresses), wrong otherwise.
    ref = [stop(0, 5, variables=(var("x", "1"),)), stop(1, 6, variables=(var("x", "2"),)),
           stop(2, 7, variables=(var("x", "3"),))]
    one_atom = [stop(0, 6, addr=0x40, variables=(var("x", "3"),))]
    two_atoms = [stop(0, 6, addr=0x40, variables=(var("x", "2"),)),
                 stop(1, 6, addr=0x48, variables=(var("x", "3"),))]
    assert multi_atom_lines(one_atom) == set() and multi_atom_lines(two_atoms) == {("f", 6)}
    assert variable_correctness(one_atom, ref, strict=True)[0] == 0.0
    assert variable_correctness(two_atoms, ref, strict=True) == (1.0, ())


def test_strict_judges_call_site_stops_inside_an_inlined_call() -> None:
    ref = [stop(0, 3, "f", variables=(var("a", "{0, 0}", "aggregate"),)),
           stop(1, 9, "g", variables=(), cfa=0x0f00),
           stop(2, 4, "f", variables=(var("a", "{1, 2}", "aggregate"),))]
    build = [stop(0, 3, "f", addr=0x10, variables=(var("a", "{0, 0}", "aggregate"),)),
             stop(1, 9, "g", addr=0x10, inlined_in="f"),
             stop(2, 3, "f", addr=0x20, variables=(var("a", "{1, 0}", "aggregate"),)),
             stop(3, 9, "g", addr=0x20, inlined_in="f"),
             stop(4, 4, "f", addr=0x30, variables=(var("a", "{1, 2}", "aggregate"),))]
    ratio, wrong = variable_correctness(build, ref, strict=True)
    assert ratio == pytest.approx(2 / 3)
    assert [(w.line, w.value) for w in wrong] == [(3, "{1, 0}")]
    s = score(trace_of(build), trace_of(ref))
    assert (s.var_correctness, s.var_correctness_loose) == (pytest.approx(2 / 3), 1.0)


def test_build_dependent_reads_are_counted_apart_not_forgiven() -> None:
    # Two -O0 builds agree on `n` everywhere and on `v` at line 3, but show `v` differently
    # at line 2 (its memory not written yet: what each build's stack held).  The optimised
    # build's WRONG values stay WRONG; the variant counts those at build-dependent reads.
    ref = [stop(0, 2, variables=(var("v", "{0, -2}", "aggregate"), var("n", "4"))),
           stop(1, 3, variables=(var("v", "{7, 8}", "aggregate"), var("n", "4")))]
    other = [stop(0, 2, variables=(var("v", "{5, 0}", "aggregate"), var("n", "4"))),
             stop(1, 3, variables=(var("v", "{7, 8}", "aggregate"), var("n", "4")))]
    build = [stop(0, 2, variables=(var("v", "{0, 0}", "aggregate"), var("n", "5"))),
             stop(1, 3, variables=(var("v", "{7, 9}", "aggregate"), var("n", "4"))),
             stop(2, 2, variables=(var("v", "{0, 0}", "aggregate"), var("n", "4")))]
    dependent = build_dependent(ref, other)
    assert dependent == {("f", 2, "v")}
    _, wrong = variable_correctness(build, ref, strict=True)
    assert sum(w.count for w in wrong) == 4  # v@2 twice, n@2 once, v@3 once
    assert wrong_at(wrong, dependent) == 2
    # a variable only one build shows is not build-dependent (nothing to compare)
    assert build_dependent(ref, other[:1]) == {("f", 2, "v")}
    assert build_dependent(ref, []) == set()


def test_availability_over_determinate_reads_leaves_build_dependent_ones_out() -> None:
    # `n` is read before it is set: the two -O0 builds show their stacks' garbage (0 and
    # 21845) where the optimised build says `<optimized out>`; `s` is set at line 2 and
    # shown by all three, `t` is determinate and lost at -O2.  The metric counts all
    # three; the variant beside it only the determinate `s` and `t`.
    ref = [stop(0, 2, variables=(var("n", "0"), var("s", "1"), var("t", "2")))]
    other = [stop(0, 2, variables=(var("n", "21845"), var("s", "1"), var("t", "2")))]
    build = [stop(0, 2, variables=(var("n", None), var("s", "1"), var("t", None)))]
    varying = build_dependent(ref, other)
    assert varying == {("f", 2, "n")}
    assert variable_availability(build, ref) == pytest.approx(1 / 3)
    assert variable_availability(build, ref, exclude=varying) == pytest.approx(1 / 2)


def test_reference_reads_tell_indeterminate_from_unreadable() -> None:
    # Each debugger traced the same reference binary twice, the second time over a
    # scribbled stack.  `v` at line 2 differs between the runs under both debuggers
    # (memory the program never wrote): indeterminate for both.  `z` at line 3 differs
    # only under "lldb" while "gdb" reads it the same in both runs: lldb reads bytes
    # that are not the variable's, unreadable under lldb only.  `n` is steady.
    def run(v: str, z: str) -> list:
        return [stop(0, 2, variables=(var("v", v, "aggregate"), var("n", "4"))),
                stop(1, 3, variables=(var("z", z, "other"), var("n", "4")))]

    reads = reference_reads({
        "gdb": (run("{1, 2}", "1.5 + -2.5i"), run("{-91, -91}", "1.5 + -2.5i")),
        "lldb": (run("{1, 2}", "2.5 + 0i"), run("{-91, -91}", "2.5 + 6.6e-4937i")),
    })
    assert reads["gdb"].indeterminate == {("f", 2, "v")} and not reads["gdb"].unreadable
    assert reads["lldb"].indeterminate == {("f", 2, "v")}
    assert reads["lldb"].unreadable == {("f", 3, "z")}
    # without a second debugger that reads it steadily, a varying read is indeterminate
    alone = reference_reads({"lldb": (run("{1, 2}", "2.5 + 0i"),
                                      run("{1, 2}", "2.5 + 6.6e-4937i"))})
    assert alone["lldb"].indeterminate == {("f", 3, "z")} and not alone["lldb"].unreadable
    # a debugger that shows less of the variable (lldb prints a VLA as `{}`) is steady
    # because it sees nothing: it cannot vouch for the read
    def twice(first: str, then: str) -> list:
        return [stop(0, 2, variables=(var("v", first, "aggregate"),)),
                stop(1, 2, variables=(var("v", then, "aggregate"),))]

    blind = reference_reads({"gdb": (twice("{0, 0}", "{1, 0}"), twice("{-91, -91}", "{1, -91}")),
                             "lldb": (twice("{}", "{}"), twice("{}", "{}"))})
    assert blind["gdb"].indeterminate == {("f", 2, "v")} and not blind["gdb"].unreadable
    # a build's WRONG values stay WRONG; the variant counts those at such reads apart
    build = [stop(0, 2, variables=(var("v", "{0, 0}", "aggregate"), var("n", "5"))),
             stop(1, 3, variables=(var("z", "2.5 + 7.8e-4942i", "other"), var("n", "4")))]
    _, wrong = variable_correctness(build, run("{1, 2}", "2.5 + 0i"), strict=True)
    assert sum(w.count for w in wrong) == 3
    assert wrong_at(wrong, reads["lldb"].indeterminate) == 1
    assert wrong_at(wrong, reads["lldb"].unreadable) == 1
