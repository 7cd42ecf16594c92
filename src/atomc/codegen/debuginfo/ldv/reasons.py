"""Why a variable has no location, wherever phase E leaves it without one
(issue 15 §3): the IR's reason when its record had no value, else what the
walk saw happen — its value's last location was clobbered after the value's
last read (dead), no assignment had been reached yet (not assigned yet), the
paths into a block left its values in different places (join), or a
differently-shaped piece of it was assigned (piece missing). Where a
parameter's entry value stands in for its lost register, the reason it was
lost is kept too, for the debugger that cannot resolve the entry value.

Reasons are noted at the positions where the location ends, like the events
of emit.py, and turned into ranges the same way; the DWARF side writes them
to `.debug.atomc_why`.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from operator import itemgetter

from ....ir import work
from ....ir.why import Why, WhyKind
from .model import ComputedLoc, EntryValueLoc, MInstView, MLoc, NoLoc, VarKey, VarLoc, WhyRange

NOT_YET = NoLoc(Why(WhyKind.NOT_YET))
JOIN = NoLoc(Why(WhyKind.JOIN))
PIECE = NoLoc(Why(WhyKind.PIECE))
PROLOGUE = NoLoc(Why(WhyKind.PROLOGUE))
BACK_END_REMOVED = NoLoc(Why(WhyKind.REMOVED, name="code generation"))
_change_number = itemgetter(0)  # of a history entry (ReasonLog.history)


_DEAD = Why(WhyKind.DEAD)  # (one value for every clobber: a value, never changed)


def dead(at: int) -> NoLoc:
    """Dead after the line of real instruction `at` (-1: the function's start)."""
    return NoLoc(_DEAD, max(at, 0))


def unassigned_reason(var: VarKey) -> NoLoc:
    """Why a variable not assigned yet has no location: a parameter is assigned by
    the caller, so before its record the prologue is storing it into its home; an
    inlined one's argument is computed by the caller's code, which has not reached
    its record yet."""
    return PROLOGUE if var.is_param and var.inlined_at is None else NOT_YET


def _entry_valued(loc: VarLoc) -> bool:
    """An entry value stands in (alone, or under ops: `x = a >> 3`, derived.py)."""
    return isinstance(loc, EntryValueLoc) or \
        isinstance(loc, ComputedLoc) and isinstance(loc.base, EntryValueLoc)


def is_dead(r: NoLoc | None) -> bool:
    return r is not None and isinstance(r.why, Why) and r.why.kind is WhyKind.DEAD


@dataclass
class ReasonLog:
    """The reasons phase E notes, in its walk order (layout order)."""

    at: dict[VarKey, dict[int, NoLoc]] = field(default_factory=dict)
    current: dict[VarKey, NoLoc | None] = field(default_factory=dict)
    last_read: dict[MLoc, int] = field(default_factory=dict)
    assigned: set[VarKey] = field(default_factory=set)  # a `new` with a value walked
    # `current` at each walked block's exit, kept as a history of changes instead of
    # a copy per block (variables x blocks): a variable's changes, numbered in walk
    # order; the change number at each block's exit; the variables by last change
    history: dict[VarKey, list[tuple[int, NoLoc | None]]] = field(default_factory=dict)
    changes: int = 0
    exit_at: dict[int, int] = field(default_factory=dict)
    last_change: dict[VarKey, int] = field(default_factory=dict)
    # why a parameter's register lost its value where its entry value stands in:
    # shown when the debugger cannot resolve the entry value (no call site of
    # the caller describes the argument: main's caller, a call through a pointer)
    fallback: dict[VarKey, dict[int, NoLoc]] = field(default_factory=dict)
    # the variables not assigned yet whose `current` is not the reason they take
    # at an entry no walked predecessor reaches (`unassigned_reason`), kept as
    # `note` and `mark_assigned` change them: what such an entry must place again
    # (emit._unassigned_to_renote), without looking at every variable there
    unsettled: dict[VarKey, None] = field(default_factory=dict)

    def track(self, variables: list[VarKey]) -> None:
        """Start `unsettled` with every variable (none is assigned or noted yet)."""
        assert not self.current and not self.assigned
        self.unsettled = dict.fromkeys(variables)

    def mark_assigned(self, var: VarKey) -> None:
        """A `new` with a value of `var` was walked."""
        self.assigned.add(var)
        self.unsettled.pop(var, None)

    def note(self, var: VarKey, pos: int, loc: VarLoc | None, why: NoLoc | None) -> None:
        """`var` is at `loc` from `pos` on; if nowhere, for the reason `why`."""
        reason = why if loc is None else None
        if var not in self.current or self.current[var] != reason:
            self.changes += 1
            self.history.setdefault(var, []).append((self.changes, reason))
            self.last_change.pop(var, None)
            self.last_change[var] = self.changes
        self.current[var] = reason
        if var not in self.assigned:
            if reason is unassigned_reason(var):
                self.unsettled.pop(var, None)
            else:
                self.unsettled[var] = None
        if loc is None:
            if reason is None:
                self.at.get(var, {}).pop(pos, None)
            else:
                self.at.setdefault(var, {})[pos] = reason
        elif isinstance(loc, EntryValueLoc) and why is not None:
            self.fallback.setdefault(var, {})[pos] = why

    def read(self, inst: MInstView, pos: int) -> None:
        for loc in inst.uses:
            self.last_read[loc] = pos
        for pair in (inst.copy, inst.spill, inst.restore):
            if pair is not None:
                self.last_read[pair[1]] = pos

    def clobbered(self, loc: MLoc, placed: int) -> NoLoc:
        """The value in `loc`, placed there after instruction `placed`, is overwritten."""
        return dead(max(self.last_read.get(loc, -1), placed))

    def block_exit(self, b: int) -> None:
        self.exit_at[b] = self.changes

    def walked(self, preds: list[int]) -> list[int]:
        """The predecessors whose exits are known (walked before, in layout order)."""
        return [p for p in preds if p in self.exit_at]

    def at_exit(self, b: int, var: VarKey) -> tuple[bool, NoLoc | None]:
        """(noted yet, `current[var]`) at walked block `b`'s exit."""
        hist = self.history.get(var, ())
        k = bisect_right(hist, self.exit_at[b], key=_change_number)
        return (True, hist[k - 1][1]) if k else (False, None)

    def changed_since(self, b: int) -> list[VarKey]:
        """The variables whose `current` changed after walked block `b`'s exit."""
        return self.changed_after(self.exit_at[b])

    def changed_since_any(self, blocks: list[int]) -> list[VarKey]:
        """The variables whose `current` changed after the exit of any of the walked
        `blocks`: those changed after the earliest exit (a join of n switch cases
        reads the changes once, not once per case)."""
        return self.changed_after(min(self.exit_at[b] for b in blocks)) if blocks else []

    def changed_after(self, mark: int) -> list[VarKey]:
        out: list[VarKey] = []
        for var, n in reversed(self.last_change.items()):
            if n <= mark:
                break
            out.append(var)
        work.add("ldv.reasons.changed", len(out) + 1)
        return out

    def rebase(self, b: int) -> None:
        """Move walked block `b`'s exit mark up to now if every variable changed
        since then has its reason at that exit again (a switch case's entry, which
        placed them all from the switch block's exit): `at_exit(b, ...)` answers as
        before, and the next sibling's `changed_since(b)` lists only what changed
        after this entry instead of what every earlier sibling changed."""
        if self.exit_at[b] == self.changes:
            return
        for var in self.changed_since(b):
            if self.at_exit(b, var) != (var in self.current, self.current.get(var)):
                return
        self.exit_at[b] = self.changes

    def at_entry(self, var: VarKey, preds: list[int], pos: int) -> NoLoc:
        """Why `var` has no location on entry to a block with predecessors `preds`."""
        any_walked, all_noted = False, True
        for p in self.walked(preds):  # the first reason a walked predecessor gives
            noted, r = self.at_exit(p, var)
            if r is not None:
                return r
            any_walked, all_noted = True, all_noted and noted
        if var not in self.assigned:
            return unassigned_reason(var)
        if any_walked and all_noted:
            return JOIN  # every path brings a location, but not the same one
        r = self.current.get(var)
        return r if r is not None else dead(pos)

    def ranges(self, events: dict[VarKey, list[tuple[int, VarLoc | None]]],
               end: int) -> list[WhyRange]:
        """The ranges without location that have a reason (cf. ranges.ranges_from_events)."""
        out: list[WhyRange] = []
        for var, evs in events.items():
            notes = self.at.get(var, {})
            backup = self.fallback.get(var, {})
            collapsed: list[tuple[int, VarLoc | None]] = []
            for p, loc in evs:
                if collapsed and collapsed[-1][0] == p:
                    collapsed[-1] = (p, loc)
                else:
                    collapsed.append((p, loc))
            for i, (p, loc) in enumerate(collapsed):
                stop = collapsed[i + 1][0] if i + 1 < len(collapsed) else end
                reason = notes.get(p) if loc is None else \
                    backup.get(p) if _entry_valued(loc) else None
                if stop <= p or reason is None:
                    continue
                located_next = i + 1 < len(collapsed) and collapsed[i + 1][1] is not None
                if reason.at is None and located_next and isinstance(reason.why, Why) \
                        and reason.why.kind is WhyKind.NOT_YET and not reason.why.line:
                    reason = NoLoc(reason.why, stop)  # the instruction that assigns it
                prev = out[-1] if out else None
                if prev is not None and prev.var is var and prev.end == p \
                        and (prev.reason is reason or prev.reason == reason):
                    out[-1] = WhyRange(var, prev.start, stop, reason)
                else:
                    out.append(WhyRange(var, p, stop, reason))
        return out
