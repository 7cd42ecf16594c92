"""Copy coalescing's interference test (regalloc/coalesce.py `_overlaps`) against
the definition it implements, on random segment lists. A segment starts where
its value is written and ends where it is last read; two segments meet when one
starts strictly inside the other (the write would clobber a live value) or both
start at one position (one instruction writes both). Touching ends (a read,
then a write by the same instruction) do not meet."""

from __future__ import annotations

import random

import pytest

from atomc.codegen.regalloc.coalesce import _overlaps


def _segments(rng: random.Random) -> list[tuple[int, int]]:
    """Sorted segments, disjoint apart from touching ends, as one register's are."""
    out: list[tuple[int, int]] = []
    pos = rng.randint(0, 6)
    for _ in range(rng.randint(0, 6)):
        a = pos + rng.choice((0, 0, 1, 2, 5))  # 0: touches the previous segment
        b = a + rng.choice((0, 1, 2, 3, 8))    # 0: a dead definition [a, a]
        if out and a == out[-1][0]:
            a = out[-1][1] if out[-1][1] > a else a + 1  # distinct starts
            b = max(a, b)
        out.append((a, b))
        pos = b
    return out


def _meet(x: list[tuple[int, int]], y: list[tuple[int, int]]) -> bool:
    return any(c < a < d or a < c < b or a == c for a, b in x for c, d in y)


@pytest.mark.parametrize("seed", range(40))
def test_overlaps_matches_the_definition(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(250):
        x, y = _segments(rng), _segments(rng)
        want = _meet(x, y)
        assert _overlaps(x, y) == want, (x, y)
        assert _overlaps(y, x) == want, (y, x)


def test_touching_copy_is_no_overlap() -> None:
    # %s read last by the copy at 10, %d written there: one register serves both
    assert not _overlaps([(2, 10)], [(10, 20)])
    # %s still read at 12, after the copy: they interfere
    assert _overlaps([(2, 12)], [(10, 20)])
    # two results of one instruction, one of them dead
    assert _overlaps([(10, 10)], [(10, 20)])
