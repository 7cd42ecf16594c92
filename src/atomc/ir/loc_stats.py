"""Verifier rule L5, a count rather than an error: how many instructions of each
function with debug info were built ARTIFICIAL (no source location of their own).

Constructors refuse a missing location, so every such instruction was made so on
purpose (compiler-made code: stack slots, ABI conversions, the entry copies of a
legalised argument, code hoisted under the drop rule). The count is the number to
watch when a pass changes: a rise means code that the line table cannot place.
Read by `atomc-opt --loc-stats`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .function import Function, Module


@dataclass(frozen=True, slots=True)
class LocationStats:
    function: str
    artificial: int  # instructions whose stored location is None (built ARTIFICIAL)
    total: int

    def __str__(self) -> str:
        return (f"@{self.function}: {self.artificial} of {self.total} instructions "
                f"have no location (ARTIFICIAL)")


def function_location_stats(fn: Function) -> LocationStats:
    artificial = total = 0
    for inst in fn.insts():
        total += 1
        artificial += inst.loc is None
    return LocationStats(fn.name, artificial, total)


def location_stats(m: Module) -> list[LocationStats]:
    """L5 for every definition with a subprogram (without debug info nothing has a
    location, and there is nothing to count)."""
    return [function_location_stats(fn) for fn in m.functions.values()
            if fn.subprogram is not None and not fn.is_declaration]
