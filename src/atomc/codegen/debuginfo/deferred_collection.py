"""The cyclic collector's policy while LiveDebugValues runs on one function.

LiveDebugValues builds a large working state per function (the views of every
instruction, the machine value tables, the tracker's maps) that all dies by
reference counting when the function is done. A young-generation collection
during the run walks that state and frees almost nothing: on sqlite3.c at -O2 -g,
22 collections inside the stage freed 19,879 objects in all. So the stage runs
with the collector off. Unlike the front end's policy (frontend/collector.py),
nothing is promoted afterwards: what the run leaves alive stays in the young
generation, whose next collection, right after, frees the run's cyclic garbage.
(Promoting it to the oldest generation kept that garbage until the next full
collection: sqlite3's peak went from 0.85 to 1.63 GB.)
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collections_deferred() -> Iterator[None]:
    """Run the block without cyclic collections, then restore the collector as it was."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
