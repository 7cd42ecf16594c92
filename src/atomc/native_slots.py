"""No throwaway class for a compiled dataclass with `slots=True`.

mypyc makes a dataclass it compiles (a native class, whose attributes are slots
already) by calling the class's `@dataclass(...)` decorator on it and keeping the
native class, whatever the decorator returns (`CPyDataclass_SleightOfHand` in
mypyc's runtime). With `slots=True`, `dataclasses._add_slots` builds from it a
second, ordinary class with the same dict and `__slots__`, which mypyc drops:
88 classes made for nothing in a tiny compile with the compiled copy, 7.8 million
instructions (1.8%). The hook hands a native class (one mypyc gave
`__mypyc_attrs__`) back as it is and passes every other class to dataclasses.
Set only on the interpreter versions whose `_process_class` calls the module's
`_add_slots` with the class first.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

KNOWN_VERSIONS = ((3, 11), (3, 12))
# mypyc sets this in the dict of each class it compiles natively
NATIVE_MARK = "__mypyc_attrs__"

_original: Callable[..., Any] | None = None


def _add_slots(cls: type, *args: Any) -> type:
    if NATIVE_MARK in cls.__dict__:
        return cls
    assert _original is not None
    return _original(cls, *args)


def install() -> bool:
    """Route dataclasses' `_add_slots` through the hook; False (nothing changed) on
    an unknown interpreter version."""
    global _original
    if _original is not None:
        return True
    if sys.version_info[:2] not in KNOWN_VERSIONS:
        return False
    import dataclasses

    original = vars(dataclasses).get("_add_slots")
    if not callable(original):
        return False
    _original = original
    setattr(dataclasses, "_add_slots", _add_slots)  # noqa: B010 - a private function
    return True
