"""The lowering's location table key (`state._location_key`): one int per
(line, column, statement number), distinct for distinct triples on both sides of
the packed fields' limits."""

from __future__ import annotations

import itertools

from atomc.frontend.lower.state import _location_key


def test_keys_are_distinct_across_the_field_limits() -> None:
    lines = [1, 2, (1 << 22) - 1, 1 << 22, 1 << 40]
    columns = [0, 1, (1 << 16) - 1, 1 << 16, (1 << 24) + 1]
    stmts = [0, 1, (1 << 24) - 1, 1 << 24, 1 << 40]
    triples = list(itertools.product(lines, columns, stmts))
    keys = {_location_key(*t) for t in triples}
    assert len(keys) == len(triples)


def test_small_triples_pack_into_a_short_int() -> None:
    # (a key below 2**62 stays an unboxed int in the compiled lowering)
    assert 0 <= _location_key((1 << 22) - 1, (1 << 16) - 1, (1 << 24) - 1) < 1 << 62
    assert _location_key(3, 1 << 16, 0) < 0  # past the packed column field: the wide form
