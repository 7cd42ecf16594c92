"""Switch clustering: which runs of cases become jump tables, ranges or single compares."""

from __future__ import annotations

from atomc.codegen.x86_64.isel.switch import MIN_TABLE_CASES, ClusterKind, plan_clusters

CASE, RANGE, TABLE = ClusterKind.CASE, ClusterKind.RANGE, ClusterKind.TABLE


def kinds(cases: list[tuple[int, int]]) -> list[tuple[ClusterKind, int, int]]:
    return [(c.kind, c.lo, c.hi) for c in plan_clusters(cases)]


def test_dense_cases_make_one_table_with_holes_going_to_default() -> None:
    cases = [(3, 1), (4, 2), (5, 3), (6, 4), (8, 5)]
    [c] = plan_clusters(cases)
    assert (c.kind, c.lo, c.hi) == (TABLE, 3, 8)
    assert c.targets == (1, 2, 3, 4, 0, 5)


def test_too_few_cases_stay_compares() -> None:
    cases = [(v, v + 1) for v in range(MIN_TABLE_CASES - 1)]
    assert [k for k, _, _ in kinds(cases)] == [CASE] * (MIN_TABLE_CASES - 1)


def test_sparse_cases_stay_compares() -> None:
    cases = [(v * 100, v + 1) for v in range(10)]
    assert all(k == CASE for k, _, _ in kinds(cases))


def test_density_threshold() -> None:
    # 4 cases over 10 values (40%) make a table; over 11 values they do not
    assert kinds([(0, 1), (3, 2), (6, 3), (9, 4)]) == [(TABLE, 0, 9)]
    assert [k for k, _, _ in kinds([(0, 1), (3, 2), (6, 3), (10, 4)])] == [CASE] * 4


def test_two_dense_runs_far_apart_make_two_tables() -> None:
    cases = [(v, v % 3 + 1) for v in range(10)] + [(10**6 + v, v % 2 + 1) for v in range(8)]
    assert kinds(cases) == [(TABLE, 0, 9), (TABLE, 10**6, 10**6 + 7)]


def test_consecutive_cases_with_one_target_are_a_range() -> None:
    cases = [(v, 1) for v in range(97, 123)] + [(1000, 2)]
    assert kinds(cases) == [(RANGE, 97, 122), (CASE, 1000, 1000)]


def test_negative_values_sort_below_positive() -> None:
    cases = [(v, v + 10) for v in range(-6, 3)]
    [c] = plan_clusters(cases)
    assert (c.kind, c.lo, c.hi) == (TABLE, -6, 2)
    assert c.targets == tuple(range(4, 13))
