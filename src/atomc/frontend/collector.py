"""The cyclic garbage collector's policy while the front end runs.

The front end allocates millions of container objects (tokens, tree nodes, types,
IR) and frees almost all of its garbage by reference counting. With the collector
on, each young-generation collection walks those objects (and every reference
they hold) to find almost nothing: on zlib's deflate.c the one collection during
the parse took 30-100 ms of a 490 ms compile and freed 178 objects. So the front
end runs with the collector off, and what it leaves alive (the tree and the
module, kept until the compile ends) then moves to the oldest generation without
a walk: the back end's young collections do not walk it either, and cyclic
garbage among it is freed by the next full collection, as for any long-lived
object.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


class _Served:
    """Set by the compile server before it freezes its objects, so its forked
    children know theirs are frozen without `gc.get_freeze_count`, which walks
    every frozen object (7 ms of a 90 ms served -O0 compile of zlib's gzlib.c)."""

    __slots__ = ("frozen",)

    def __init__(self) -> None:
        self.frozen = False


SERVED = _Served()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block without cyclic collections; then promote, unwalked, what it
    left alive to the oldest generation."""
    was_enabled = gc.isenabled()
    # A process that froze its objects (the compile server, before forking the
    # child that runs this) keeps them frozen: gc.unfreeze would release them too.
    # Such a child runs one command, so ours stay frozen with them until it exits.
    keep_frozen = SERVED.frozen or gc.get_freeze_count() > 0
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()  # every generation's objects, and their counts reset to 0
        if not keep_frozen:
            gc.unfreeze()  # all of them, into the oldest generation
        if was_enabled:
            gc.enable()
