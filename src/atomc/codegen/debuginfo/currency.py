"""Currency of stack-homed variables: where the scheduler moves a store to a
frame object across code of other statements (issue 15 §3).

A variable whose home is a stack slot (memory_homes.py) has the same
location whatever the schedule, so a debugger shows whatever the slot holds.
When the list scheduler moves a store into the slot above instructions that
came before it in the original order (the order of the source, within a
block), those instructions' addresses, stops of earlier lines among them,
show the value the store's line assigns before that line is reached: the
value is "not current: line N already assigned it". When it moves
instructions that came after the store above it, the store is sunk below
them: at their addresses the slot still holds the old value although the
store's line comes first: "not current: line N's assignment has not run
yet". Tice & Graham call both non-current (endangered) values.

The scheduler is the only pass that reorders stores (IR sinking and LICM move
pure instructions only), and it knows both orders, so it records the moves
here (`note_moved_stores`) and LiveDebugValues turns them into ranges of the
variables homed in the slot (`currency_ranges`), written to
`.debug.atomc_why` with their own reason codes. Machine code is unaffected.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...ir.why import Why, WhyKind
from ..mir import Mem, MInst, StackSlot
from ..target import desc


@dataclass(frozen=True, slots=True)
class MovedStore:
    """`store` (into frame object `slot`, for source line `line`) now runs away
    from the instructions `passed`, which the original order put on its other
    side: `early` (hoisted) when they came before it, else it was sunk below
    them. `passed` are in their new order, `lines` their lines then (before
    hoisted_lines re-attributes hoisted instructions)."""

    store: MInst
    slot: int
    line: int
    early: bool
    passed: tuple[MInst, ...]
    lines: tuple[int, ...]

    @property
    def why(self) -> Why:
        return Why(WhyKind.ASSIGNED_EARLY if self.early else WhyKind.ASSIGNED_LATE,
                   line=self.line)

    def stale(self) -> list[MInst]:
        """The instructions at whose address a debugger shows the slot's contents
        at a point of the source on the other side of the store: the passed
        instructions whose line (the one the line table gives them) is another
        statement's. A hoisted store is ahead of every earlier line's code it
        passed; a sunk one is behind the later code that passed it only where
        that code kept its own line (code hoisted_lines gave the line it landed
        in belongs to the store's side). The sunk store itself counts when it
        was given the line of later code that now precedes it: there, on that
        later line, it has not run yet."""
        out = []
        for mi, was in zip(self.passed, self.lines, strict=True):
            now = mi.loc.line if mi.loc is not None else 0
            if now in (0, self.line) or (not self.early and now != was):
                continue
            out.append(mi)
        own = self.store.loc.line if self.store.loc is not None else 0
        if not self.early and own not in (0, self.line) and own in self.lines:
            out.append(self.store)
        return out


def stored_slot(mi: MInst) -> int | None:
    """The frame object a store writes directly (a `Mem` on a `StackSlot` in a
    written operand), else None."""
    d = desc(mi.opcode)
    if d.is_address or d.is_call:
        return None
    for k, op in enumerate(mi.operands):
        role = d.roles[k] if k < len(d.roles) else "u"
        if isinstance(op, Mem) and "d" in role and isinstance(op.base, StackSlot):
            return op.base.index
    return None


def note_moved_stores(real: Sequence[MInst], order: Sequence[int],
                      out: list[MovedStore]) -> None:
    """Append to `out` the stores into frame objects that `order` (the new order
    of `real`, a block's real instructions) moves across other statements' code.
    Call before hoisted_lines gives a hoisted instruction another line."""
    new_pos = {orig: k for k, orig in enumerate(order)}
    for i, mi in enumerate(real):
        loc = mi.loc
        if loc is None or loc.line == 0:
            continue
        slot = stored_slot(mi)
        if slot is None:
            continue
        p = new_pos[i]
        before = [k for k in range(p + 1, len(order)) if order[k] < i]  # hoisted above
        after = [k for k in range(p) if order[k] > i]  # sunk below
        for ks, early in ((before, True), (after, False)):
            if not ks:
                continue
            passed = tuple(real[order[k]] for k in ks)
            lines = tuple(x.loc.line if x.loc is not None else 0 for x in passed)
            if any(x not in (0, loc.line) for x in lines):
                out.append(MovedStore(mi, slot, loc.line, early, passed, lines))


Window = tuple[int, int, Why]  # [start, end) in LiveDebugValues' positions


def currency_windows(moved: Sequence[MovedStore],
                     position: Callable[[MInst], int | None]) -> dict[int, list[Window]]:
    """Per frame object, the position ranges where a moved store makes its
    contents non-current (positions: "after real instruction p", as in
    ldv's ranges, so instruction q's address is [q - 1, q); `position`: a real
    instruction's, None once it is gone)."""
    out: dict[int, list[Window]] = {}
    for m in moved:
        if position(m.store) is None:
            continue
        qs = sorted(q for q in (position(x) for x in m.stale()) if q is not None)
        for q in qs:
            ws = out.setdefault(m.slot, [])
            if ws and ws[-1][1] == q - 1 and ws[-1][2] == m.why:
                ws[-1] = (ws[-1][0], q, m.why)
            else:
                ws.append((q - 1, q, m.why))
    return out


def clip(windows: Sequence[Window], located: Sequence[tuple[int, int]]) -> list[Window]:
    """`windows` restricted to the located ranges `located` ([start, end)
    positions), sorted, overlaps resolved in favour of the earlier window."""
    parts: list[Window] = []
    for a, b, why in windows:
        for s, e in located:
            lo, hi = max(a, s), min(b, e)
            if lo < hi:
                parts.append((lo, hi, why))
    parts.sort(key=lambda w: (w[0], w[1]))
    out: list[Window] = []
    for a, b, why in parts:
        if out and a < out[-1][1]:
            a = out[-1][1]
            if a >= b:
                continue
        if out and out[-1][1] == a and out[-1][2] == why:
            out[-1] = (out[-1][0], b, why)
        else:
            out.append((a, b, why))
    return out
