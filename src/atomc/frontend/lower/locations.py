"""The lowering's DILocation constructor for a statement's source position.

The lowering makes a new location for most positions it lowers (about 195,000 for
sqlite3's amalgamation at -O0 -g: each statement's positions carry its number), and
a frozen dataclass's `__init__` sets each of DILocation's eight fields through
`object.__setattr__`. This writes the slots directly (what that call does after
its look-ups), for the same value: no `__post_init__` runs in either. Keeps debug
info: the value is equal, field for field, to `DILocation(line, column, scope,
stmt=stmt)` (tests/frontend/test_fast_locations.py).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final

from ...ir import DILocation, DIScope
from ..frozen import slot_writers

# the defaults written below for the fields the lowering never sets here
_DEFAULTS: Final[dict[str, Any]] = {"inlined_at": None, "atom_group": 0, "atom_rank": 0,
                                    "copy": 0}
if any(f.default != _DEFAULTS[f.name] for f in fields(DILocation) if f.name in _DEFAULTS):
    raise RuntimeError("DILocation's defaults changed: update frontend/lower/locations.py")

_new = object.__new__
(_set_line, _set_column, _set_scope, _set_inlined_at, _set_group, _set_rank, _set_copy,
 _set_stmt) = slot_writers(DILocation, ("line", "column", "scope", "inlined_at",
                                        "atom_group", "atom_rank", "copy", "stmt"))


def _written_location(line: int, column: int, scope: DIScope, stmt: int) -> DILocation:
    """`DILocation(line, column, scope, stmt=stmt)`, built without the frozen
    dataclass's per-field `object.__setattr__` calls."""
    loc: DILocation = _new(DILocation)
    _set_line(loc, line)
    _set_column(loc, column)
    _set_scope(loc, scope)
    _set_inlined_at(loc, None)
    _set_group(loc, 0)
    _set_rank(loc, 0)
    _set_copy(loc, 0)
    _set_stmt(loc, stmt)
    return loc


# The mypyc-compiled build's DILocation refuses `object.__new__` (its slots are not
# Python's): there the constructor makes the same value.
_COMPILED: Final = hasattr(DILocation, "__mypyc_attrs__")


def statement_location(line: int, column: int, scope: DIScope, stmt: int) -> DILocation:
    """`DILocation(line, column, scope, stmt=stmt)`. (A function, not a name bound to
    one of the two: the compiled lowering calls it directly, and constructs the
    compiled DILocation natively, where a variable's function is a generic call.)"""
    if _COMPILED:
        return DILocation(line, column, scope, stmt=stmt)
    return _written_location(line, column, scope, stmt)
