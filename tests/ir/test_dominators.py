"""Dominators against the definition: a dominates b iff b cannot be reached
from the entry once a is removed (for a != b)."""

from __future__ import annotations

import random

import pytest

from atomc.ir import ARTIFICIAL, I32, Block, Builder, Const, Function
from atomc.ir.dominators import DomTree, dominators_of_function, reverse_post_order


def reach(graph: dict[int, list[int]], entry: int, removed: int | None = None) -> set[int]:
    if entry == removed:
        return set()
    seen = {entry}
    todo = [entry]
    while todo:
        n = todo.pop()
        for s in graph[n]:
            if s != removed and s not in seen:
                seen.add(s)
                todo.append(s)
    return seen


def brute_dominates(graph: dict[int, list[int]], entry: int) -> dict[tuple[int, int], bool]:
    reachable = reach(graph, entry)
    out = {}
    for a in graph:
        without = reach(graph, entry, a)
        for b in graph:
            if b not in reachable or a == b:
                out[a, b] = True
            else:
                out[a, b] = a in reachable and b not in without
    return out


def brute_frontier(graph: dict[int, list[int]], entry: int,
                   dom: dict[tuple[int, int], bool]) -> dict[int, set[int]]:
    """DF(a) = {b : a dominates a predecessor of b, and a does not strictly dominate b}."""
    reachable = reach(graph, entry)
    preds: dict[int, list[int]] = {n: [] for n in graph}
    for n in reachable:
        for s in graph[n]:
            preds[s].append(n)
    df: dict[int, set[int]] = {}
    for a in reachable:
        df[a] = set()
        for b in reachable:
            # the entry has an implicit predecessor outside the function
            strict = dom[a, b] and a != b
            if any(dom[a, p] for p in preds[b]) and not strict:
                df[a].add(b)
    return df


def check_graph(graph: dict[int, list[int]], entry: int = 0) -> None:
    tree = DomTree(entry, lambda n: graph[n])
    expected = brute_dominates(graph, entry)
    for (a, b), want in expected.items():
        assert tree.dominates(a, b) == want, (graph, a, b)
    reachable = reach(graph, entry)
    assert set(tree.rpo) == reachable
    for n in reachable:
        idom = tree.idom[n]
        if n == entry:
            assert idom is None
            continue
        # the immediate dominator is the strict dominator dominated by all others
        strict = [a for a in reachable if a != n and expected[a, n]]
        assert idom in strict
        assert all(expected[a, idom] for a in strict)
    want_df = brute_frontier(graph, entry, expected)
    got_df = tree.frontiers()
    assert {k: set(v) for k, v in got_df.items()} == want_df, graph


def test_diamond() -> None:
    g = {0: [1, 2], 1: [3], 2: [3], 3: []}
    tree = DomTree(0, lambda n: g[n])
    assert tree.idom == {0: None, 1: 0, 2: 0, 3: 0}
    assert tree.frontiers() == {0: [], 1: [3], 2: [3], 3: []}
    check_graph(g)


def test_loop_with_exit() -> None:
    g = {0: [1], 1: [2, 4], 2: [3, 1], 3: [1], 4: []}
    tree = DomTree(0, lambda n: g[n])
    assert tree.idom == {0: None, 1: 0, 2: 1, 3: 2, 4: 1}
    assert tree.frontiers()[3] == [1]
    assert tree.frontiers()[2] == [1]
    check_graph(g)


def test_irreducible() -> None:
    g = {0: [1, 2], 1: [2], 2: [1], 3: [1]}  # 3 is unreachable
    tree = DomTree(0, lambda n: g[n])
    assert tree.idom[1] == 0 and tree.idom[2] == 0
    assert not tree.is_reachable(3)
    assert tree.dominates(1, 3) and not tree.dominates(3, 1)
    check_graph(g)


def test_entry_back_edge() -> None:
    g = {0: [1], 1: [0, 2], 2: []}
    tree = DomTree(0, lambda n: g[n])
    assert tree.frontiers()[1] == [0]
    check_graph(g)


def test_rpo_puts_defs_first() -> None:
    g = {0: [2, 1], 1: [2], 2: []}
    order = reverse_post_order(0, lambda n: g[n])
    assert order.index(1) < order.index(2)


@pytest.mark.parametrize("seed", range(60))
def test_random_graphs(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 14)
    graph = {i: sorted({rng.randrange(n) for _ in range(rng.randint(0, 3))}) for i in range(n)}
    check_graph(graph)


def test_deep_chain_is_not_recursive() -> None:
    n = 5000
    g = {i: [i + 1] for i in range(n - 1)} | {n - 1: []}
    tree = DomTree(0, lambda x: g[x])
    assert tree.dominates(0, n - 1) and tree.idom[n - 1] == n - 2


def test_ir_function() -> None:
    fn = Function("f", [I32], [I32])
    b0, b1, b2, b3 = (fn.add_block() for _ in range(4))
    bld = Builder(fn, ARTIFICIAL)
    bld.position_at_end(b0)
    c = bld.cmp("eq", fn.args[0], Const(I32, 0))
    bld.branch(c, b1, b2)
    for b in (b1, b2):
        bld.position_at_end(b)
        bld.jump(b3)
    bld.position_at_end(b3)
    bld.ret([fn.args[0]])
    tree = dominators_of_function(fn)
    assert tree.idom[b3] is b0
    assert tree.dominates(b0, b3) and not tree.dominates(b1, b3)
    assert tree.rpo[0] is b0 and isinstance(b3, Block)
