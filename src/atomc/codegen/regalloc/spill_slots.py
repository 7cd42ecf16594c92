"""Spill slots shared by spilled virtual registers whose live intervals are
disjoint, as LLVM's StackSlotColoring and gcc's reload share them.

Linear scan keeps a spilled register in its slot for its whole interval (one
range without holes, in layout positions), so two registers whose intervals do
not meet never need their slots at the same time. One slot per spilled
register made -O2 frames grow with the function's code (a long function of
struct-returning calls spilled four registers a statement: 2 KB of slots for
sixty statements, each slot used by one statement). Slots are handed out in
interval start order, each interval taking the lowest-numbered slot whose
occupants all ended before it starts; the choice reads only real instructions'
positions, so `.text` is the same with and without -g.

Debug info: a DBG_VALUE naming a spilled register outside its interval (a debug
use does not extend an interval) would read whatever a later occupant of the
slot holds; `valid_at` says when the slot still holds the register's value there.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from ..mir import MFunction, SlotKind, StackSlot

__all__ = ["SpillSlots"]


@dataclass(slots=True)
class _Slot:
    slot: StackSlot
    users: list[tuple[int, int, int]] = field(default_factory=list)  # (start, end, vreg)


class SpillSlots:
    """The slot of each spilled register; slots are shared between registers
    whose `(start, end)` intervals are disjoint."""

    __slots__ = ("mf", "of", "_slots")

    def __init__(self, mf: MFunction) -> None:
        self.mf = mf
        self.of: dict[int, tuple[_Slot, int]] = {}  # vreg -> its slot, its index in users
        self._slots: list[_Slot] = []

    def assign(self, intervals: list[tuple[int, int, int]]) -> None:
        """Colour `(start, end, vreg)` intervals: a slot is free for an interval
        once every earlier occupant ended strictly before it starts."""
        busy: list[tuple[int, int]] = []  # (end, slot index) of occupied slots
        free: list[int] = []  # slot indices, a min-heap
        for start, end, vreg in sorted(intervals):
            while busy and busy[0][0] < start:
                heapq.heappush(free, heapq.heappop(busy)[1])
            if free:
                k = heapq.heappop(free)
            else:
                k = len(self._slots)
                self._slots.append(_Slot(self.mf.new_slot(8, 8, SlotKind.SPILL, f"%v{vreg}")))
            s = self._slots[k]
            self.of[vreg] = (s, len(s.users))
            s.users.append((start, end, vreg))  # in start order, disjoint: ends sorted too
            heapq.heappush(busy, (end, k))

    def slot(self, vreg: int) -> StackSlot:
        """The slot of `vreg`; a register not coloured (a rematerialised constant
        a debug operand still names) gets a slot of its own."""
        got = self.of.get(vreg)
        if got is None:
            s = _Slot(self.mf.new_slot(8, 8, SlotKind.SPILL, f"%v{vreg}"))
            self._slots.append(s)
            got = self.of[vreg] = (s, -1)
        return got[0].slot

    def valid_at(self, vreg: int, pos: int) -> bool:
        """Whether `vreg`'s slot holds its value (or nobody else's) at `pos`: no
        other occupant's interval lies between `vreg`'s interval and `pos`."""
        got = self.of.get(vreg)
        if got is None or got[1] < 0:
            return True
        users, k = got[0].users, got[1]
        start, end, _ = users[k]
        if pos > end:
            return k + 1 == len(users) or users[k + 1][0] > pos
        if pos < start:
            return k == 0 or users[k - 1][1] < pos
        return True
