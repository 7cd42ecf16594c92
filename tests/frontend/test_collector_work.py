"""The front end runs without cyclic collections, counted, not timed.

Its garbage goes by reference counting; a collection only walks the young
objects (tokens, tree nodes, types, IR) to find almost nothing. On zlib's
deflate.c one gen-0 collection during the parse took 30-100 ms of a 490 ms
compile. These tests count the collections the collector starts while
`compile_preprocessed` runs, and check that what the front end leaves alive
is neither frozen nor lost to the collector."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend.driver import compile_preprocessed
from atomc.options import CompileOptions

_FUNCTION = """
struct node{n} {{ int key; struct node{n} *left, *right; long pad[3]; }};
static int walk{n}(struct node{n} *t, int depth) {{
    int sum = 0;
    while (t != 0 && depth < 64) {{
        sum += t->key * (depth + 1) - (t->pad[depth & 1] >> 2);
        t = (sum & 1) ? t->left : t->right;
        depth++;
    }}
    return sum + (int)sizeof(struct node{n});
}}
"""
# enough code that the front end allocates several times the collector's
# young-generation threshold (driver: 100 000 objects)
SOURCE = "".join(_FUNCTION.format(n=i) for i in range(150))


class _Collections:
    """Counts the collections started while enabled."""

    def __init__(self) -> None:
        self.started = 0
        self.counting = False

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start" and self.counting:
            self.started += 1


@pytest.fixture
def collections() -> Iterator[_Collections]:
    counter = _Collections()
    gc.callbacks.append(counter)
    try:
        yield counter
    finally:
        gc.callbacks.remove(counter)
        gc.unfreeze()  # what test_a_frozen_process_stays_frozen froze


def _front_end(counter: _Collections) -> None:
    diags = DiagnosticEngine()
    counter.counting = True
    try:
        compile_preprocessed(SOURCE, "t.c", CompileOptions(), diags)
    finally:
        counter.counting = False


def test_front_end_starts_no_collection(collections: _Collections) -> None:
    _front_end(collections)
    assert collections.started == 0


def test_collector_is_back_on_and_thresholds_kept(collections: _Collections) -> None:
    was = gc.isenabled()
    _front_end(collections)
    assert gc.isenabled() == was
    assert gc.get_threshold()[0] == 100_000


def test_what_it_leaves_is_collectable_not_frozen(collections: _Collections) -> None:
    garbage: list[object] = [object()]
    garbage.append(garbage)  # a cycle only the collector frees
    del garbage
    _front_end(collections)
    assert gc.get_freeze_count() == 0
    assert gc.get_count()[0] < 1_000  # promoted: the next young collection skips them
    assert gc.collect() > 0  # the cycle, older than the compile


def test_a_frozen_process_stays_frozen(collections: _Collections) -> None:
    """The compile server freezes its imports before forking a compile's child."""
    gc.freeze()
    frozen = gc.get_freeze_count()
    _front_end(collections)
    assert gc.get_freeze_count() >= frozen
    assert collections.started == 0
