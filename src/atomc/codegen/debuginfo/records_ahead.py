"""Debug records the scheduler places above code that preceded them.

The list scheduler (codegen/passes/schedule.py) puts each run of debug records
back after the last instruction that preceded it in the original order and
where a debugger may stop as the start of a statement (a key instruction, a
call). Instructions that came before the run but are no such stop may then
run after it: line 77's load when line 70's loop decrement (a key
instruction, with its records) was hoisted above it, or the first instruction
of an inlined call of line 178 that the records of lines 179 and 180 passed.
Such an instruction can still start a row of the line table (lldb stops at
every row; an inlined body's first instruction is a stop for gdb too,
call_site_entries.py), and there the value the records assign is shown
although the source has not assigned it yet: at -O0 that stop shows the
value before.

So the scheduler notes, per run, the instructions that passed it
(`note_records_ahead`), and after LiveDebugValues the values the run assigns
begin only after the last of those that starts a row of a line
(`withheld_values`, applied by line_start_values.py): up to there the value
before is shown where its location still holds it, and elsewhere the
variable is optimized out, `not_yet` (the record's line assigns the value
due there). Only debug info changes: the schedule is the same with and
without -g.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...dwarf.line_rows import Row
from ...ir.dbgrecords import DbgKind
from ...ir.debuginfo import DIExpression, DILocation
from ..mir import META_OPCODES, DbgMeta, MFunction, MInst
from .ldv.model import VarKey

Key = tuple[int, object, object]  # variable id, inlined-at, fragment


@dataclass(frozen=True, slots=True)
class RecordsAhead:
    """The run `records` now runs before the real instructions `passed`, which
    the original order put before it."""

    records: tuple[MInst, ...]
    passed: tuple[MInst, ...]


@dataclass(frozen=True, slots=True)
class Withheld:
    """A value that records in front of real instruction `p + 1` assign, which must
    not show before real instruction `stop` has run; `line`: the line assigning it;
    `entry`: the block the records open, when `p + 1` is its first instruction.
    The value before must not show after real instruction `keep` either: the next
    starts a row of code that followed the records (where the value is due)."""

    p: int
    stop: int
    line: int
    entry: int | None
    keep: int


def note_records_ahead(block: Sequence[MInst], order: Sequence[int], suffix_min: Sequence[int],
                       at: int, before: int, run: Sequence[MInst],
                       out: list[RecordsAhead]) -> None:
    """Note `run` (placed after new position `at` of the scheduled `block`) when
    instructions that preceded it (original index below `before`; `order[k]` is
    the original index of `block[k]`) now follow it. `suffix_min[k]` is the least
    original index among `order[k:]`, so the scan ends after the last of them."""
    passed: list[MInst] = []
    k = at + 1
    while k < len(order) and suffix_min[k] < before:
        if order[k] < before:
            passed.append(block[k])
        k += 1
    records = tuple(mi for mi in run if isinstance(mi.meta, DbgMeta))
    if passed and records:
        out.append(RecordsAhead(records, tuple(passed)))


def suffix_minima(order: Sequence[int]) -> list[int]:
    """`out[k]` = min(order[k:]); `out[len(order)]` = len(order)."""
    out = [len(order)] * (len(order) + 1)
    for k in range(len(order) - 1, -1, -1):
        out[k] = min(order[k], out[k + 1])
    return out


def key_of_meta(m: DbgMeta) -> Key:
    """The variable (piece) a record assigns, as LiveDebugValues' ranges name it."""
    return (id(m.var), m.inlined_at,
            m.expr.fragment if isinstance(m.expr, DIExpression) else None)


def key_of_range(v: VarKey) -> Key:
    """The variable (piece) of a LiveDebugValues range, as `key_of_meta` names it."""
    return (id(v.var), v.inlined_at, v.fragment)


def withheld_values(mf: MFunction, rows: Sequence[Row | None]
                    ) -> dict[tuple[Key, int], Withheld]:
    """By (variable, p): the values that the noted runs assign ahead of a row of
    code that preceded them (module doc). Positions p count the real instructions
    in layout order (LiveDebugValues' `where`); `rows[p]` is the row starting at
    real instruction p (None: none starts)."""
    if not mf.records_ahead:
        return {}
    pos: dict[int, int] = {}  # id of a real instruction -> its position
    real: list[MInst] = []  # by position
    ahead: dict[int, tuple[int, int | None]] = {}  # id of a record -> (p, block opened)
    p = -1
    for bi, b in enumerate(mf.blocks):
        opened: int | None = bi
        for mi in b.insts:
            if mi.opcode in META_OPCODES:
                ahead[id(mi)] = (p, opened)
            else:
                p += 1
                pos[id(mi)] = p
                real.append(mi)
                opened = None
    out: dict[tuple[Key, int], Withheld] = {}
    for note in mf.records_ahead:
        for mi in note.records:
            at = ahead.get(id(mi))
            meta = mi.meta
            if at is None or not isinstance(meta, DbgMeta) or meta.kind is not DbgKind.NEW:
                continue  # (an `add` or `delete` names another holder of the same value)
            p, entry = at
            passed = {q for q in (pos.get(id(x)) for x in note.passed) if q is not None}

            site = meta.inlined_at  # rows outside its instance show none of its variables
            stop = max((q for q in passed if q > p and _row(rows, q)
                        and inside_instance(real[q].loc, site)), default=None)
            if stop is None:
                continue
            keep = next((q - 1 for q in range(p + 1, stop) if q not in passed
                         and _row(rows, q) and inside_instance(real[q].loc, site)), stop)
            stmt = meta.stmt if meta.stmt is not None else mi.loc
            k = (key_of_meta(meta), p)
            old = out.get(k)
            if old is None or old.stop < stop:
                out[k] = Withheld(p, stop, stmt.line if stmt is not None else 0, entry, keep)
    return out


def inside_instance(loc: DILocation | None, inlined_at: DILocation | None) -> bool:
    """Is code at `loc` inside the inlined instance `inlined_at` (None: the
    function itself), where its variables are in scope? (The caller's rows around
    an inlined call show none of them.)"""
    if inlined_at is None:
        return True
    site = loc.inlined_at if loc is not None else None
    while site is not None:
        if site == inlined_at:
            return True
        site = site.inlined_at
    return False


def _row(rows: Sequence[Row | None], q: int) -> bool:
    """Does a row of a line start at real instruction q?"""
    r = rows[q]
    return r is not None and r.line != 0
