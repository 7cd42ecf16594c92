"""An inlined call's parameters hold their arguments from the call's first row on.

Inlining binds each parameter with a record in front of the callee's body. An
optimiser pass may move a computation of the body above that record (GVN made
`g_calls += 2` of two calls' `g_calls++`, and instcombine put it before the
binding of the inner call's `n`), and the scheduler keeps the record where it is:
the body's first row, a stop for gdb and lldb, then comes before the record, and
the parameter shows `not_yet` there, although the argument (`n - 1`, computed
by the caller) is already in its register. At -O0 that stop shows it.

So a parameter's first record in an inlined instance, when code of the instance
runs before it in its block, takes effect from the first of that code, provided
the location the record names already holds the value there: no instruction
between writes it (which also means the value was computed before). Only
debug info changes, and only the binding: a later assignment to the parameter
inside the body stays where its statement is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from ...ir.debuginfo import DILocation
from ..mir import META_OPCODES, DbgMeta, MFunction
from .ldv.model import VarRange, WhyRange
from .line_start_values import Machine, is_not_yet
from .records_ahead import Key, key_of_meta, key_of_range


def _bindings(mf: MFunction, where: Sequence[tuple[int, int]]
              ) -> Iterator[tuple[Key, int, int]]:
    """(variable, first, p) for each inlined parameter whose first record, the
    binding (no statement of the body made it), sits after real instruction p and
    after real instruction `first` of its own instance in the same block (the
    earliest such)."""
    position = {bi_ii: n for n, bi_ii in enumerate(where)}
    seen: set[Key] = set()
    for bi, block in enumerate(mf.blocks):
        first: dict[DILocation, int] = {}  # instance -> its first real instruction here
        last = -1  # the last real instruction passed in this block
        for ii, mi in enumerate(block.insts):
            m = mi.meta
            if not isinstance(m, DbgMeta):
                if mi.opcode not in META_OPCODES and (bi, ii) in position:
                    last = position[(bi, ii)]
                    site = mi.loc.inlined_at if mi.loc is not None else None
                    while site is not None:
                        first.setdefault(site, last)
                        site = site.inlined_at
                continue
            key = key_of_meta(m)
            if key in seen:
                continue
            seen.add(key)
            if m.var.arg and m.stmt is None and m.inlined_at is not None \
                    and m.inlined_at in first:  # (an assignment in the body names its statement)
                yield key, first[m.inlined_at], last


def bind_inlined_parameters(mf: MFunction, where: Sequence[tuple[int, int]],
                            ranges: list[VarRange], gaps: list[WhyRange],
                            machine: Machine) -> tuple[list[VarRange], list[WhyRange]]:
    """`ranges` and `gaps` with each late binding moved up (module doc). Positions
    as in `VarRange`: a range from p begins after real instruction p."""
    found = list(_bindings(mf, where))
    if not found:
        return ranges, gaps
    starting = {(key_of_range(r.var), r.start): n for n, r in enumerate(ranges) if r.primary}
    ending = {(key_of_range(g.var), g.end): n for n, g in enumerate(gaps)}
    for key, first, p in found:
        n, g = starting.get((key, p)), ending.get((key, p))
        if n is None or g is None or not is_not_yet(gaps[g].reason):
            continue
        begin = max(first - 1, gaps[g].start)
        r = ranges[n]
        if begin >= p or machine.first_write(r.loc, first, p + 1) != p + 1:
            continue  # (the location is written in between: the value is not there yet)
        ranges[n] = replace(r, start=begin)
        gaps[g] = replace(gaps[g], end=begin)
    return ranges, [g for g in gaps if g.start < g.end]
