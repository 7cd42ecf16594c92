"""Values assigned by a line without code of their own begin after its first instruction.

An assignment that leaves no instruction (`g = (x = y);` with `x` a constant,
`for (i = 2; ...)` with the counter in a register) has its record right in front
of the next instruction, which is often its own line's first. A debugger stops
there before the line ran, where -O0 still shows the old value, but a range that
begins at the record shows the assigned value: one -O0 never shows on that line.
So when the record's assignment (`DbgMeta.stmt`) is on the line the next
instruction begins, the new range begins after that instruction and the old one
reaches it. That is only honest where the old location still holds the old value
at that address: a constant or an entry value, which no instruction changes; and
only inside one block, so the instruction is reached from the record alone.
"""

from __future__ import annotations

from dataclasses import replace

from ...ir.debuginfo import DIExpression, DILocation
from ..mir import DbgMeta, MFunction
from .ldv.model import ConstLoc, EntryValueLoc, VarRange

_Key = tuple[int, object, object, int]  # variable id, inlined-at, fragment, p


def delay_line_start_values(mf: MFunction, where: list[tuple[int, int]],
                            ranges: list[VarRange]) -> list[VarRange]:
    """`ranges` with each such pair of ranges moved on past the line's first
    instruction (module doc). `where[p]` is real instruction p's (block, index); a
    range starting at p begins after instruction p."""
    keys = _line_start_records(mf, where)
    if not keys:
        return ranges
    old_at: dict[_Key, int] = {}
    new_at: dict[_Key, int] = {}
    for i, r in enumerate(ranges):
        if not r.primary:
            continue
        k = (id(r.var.var), r.var.inlined_at, r.var.fragment)
        if (*k, r.end) in keys and isinstance(r.loc, (ConstLoc, EntryValueLoc)):
            old_at[(*k, r.end)] = i
        if (*k, r.start) in keys:
            new_at[(*k, r.start)] = i
    out = list(ranges)
    for key, i in old_at.items():
        j, q = new_at.get(key), keys[key]
        if j is not None and ranges[i].start < key[3] and ranges[j].end > q:
            out[i] = replace(ranges[i], end=q)
            out[j] = replace(ranges[j], start=q)
    return out


def _line_start_records(mf: MFunction, where: list[tuple[int, int]]) -> dict[_Key, int]:
    """(variable, inlined-at, fragment, p) -> q for every record between real
    instructions p and p + 1 of one block whose assignment is on the line that
    instruction q begins: the first instruction after p not on p's line (those
    between continue p's row, as the scheduler's hoisted ones do), in that block."""
    out: dict[_Key, int] = {}
    for p in range(len(where) - 1):
        (bi, ii), (bj, ij) = where[p], where[p + 1]
        if bi != bj or ij == ii + 1:
            continue
        insts = mf.blocks[bi].insts
        prev = insts[ii].loc
        q = p + 1
        while q < len(where) and where[q][0] == bi and prev is not None \
                and _on_line(insts[where[q][1]].loc, prev):
            q += 1
        nxt = insts[where[q][1]].loc if q < len(where) and where[q][0] == bi else None
        if nxt is None or nxt.line == 0 or (prev is not None and _on_line(nxt, prev)):
            continue
        for mi in insts[ii + 1:ij]:
            meta = mi.meta
            if isinstance(meta, DbgMeta) and meta.stmt is not None \
                    and _on_line(meta.stmt, nxt):
                frag = meta.expr.fragment if isinstance(meta.expr, DIExpression) else None
                out[(id(meta.var), meta.inlined_at, frag, p)] = q
    return out


def _on_line(a: DILocation | None, b: DILocation) -> bool:
    return a is not None and a.line == b.line and a.scope.file == b.scope.file \
        and a.inlined_at == b.inlined_at
