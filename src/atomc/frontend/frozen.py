"""Direct slot writers for the frozen values the front end makes most often.

A frozen dataclass's `__init__` sets each field through `object.__setattr__`;
for the values made once per node or per position (a `Pos`, a lowering's
`DILocation`) that call is most of the cost. The writers here are the slots'
own descriptors (what `object.__setattr__` ends in), so a constructor written
with them makes the same value, still frozen to everyone else."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

SlotWriter = Callable[[Any, Any], None]


def slot_writers(cls: type, names: tuple[str, ...]) -> tuple[SlotWriter, ...]:
    """The writers of `cls`'s slots `names`, which must be all its fields in order:
    a field added, removed or reordered (or a `__post_init__`) stops the import of
    the constructor built on them instead of leaving a slot unset."""
    if tuple(f.name for f in fields(cls)) != names or hasattr(cls, "__post_init__"):
        raise RuntimeError(f"{cls.__name__}'s fields changed: update its fast constructor")
    return tuple(cls.__dict__[n].__set__ for n in names)
