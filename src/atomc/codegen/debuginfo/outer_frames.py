"""Location ranges as a caller's frame reads them.

In an outer frame gdb and lldb take the pc to be the call's return address R
and look the variables up at R-1, inside the call instruction (R itself may
belong to another line, block or function). x86-64's CFI leaves the
caller-saved registers unspecified, so there they read the callee's registers:
a range in a register the call clobbers that runs up to R would show whatever
the callee left in it (zlib's `compress` showed `source=0xffffffff`). So, as
gcc's var-tracking does with its "post-call" labels (`.LVLn-1`, dwarf2out's
NOTE_DURING_CALL_P notes):

* a range in a register a call clobbers ends at R-1, or is cut out of
  [R-1, R) where it spans the call;
* where LiveDebugValues' walk moved the variable when the call clobbered its
  register (to an entry value, a spill slot, a callee-saved register, a
  constant: `During`), that location holds from R-1, so the outer frame shows
  it (gdb's `x@entry`);
* a location that holds only from R (the call's result, a record after the
  call) still starts at R: before it the outer frame shows the old value or
  none, never the new one.

Boundaries come in half positions here: `after(p)` = 2p+1 is the address after
real instruction p (as a `VarRange` position p), `inside(p)` = 2p its last byte
(R-1 for a call p); they sort in address order.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from .ldv.model import (
    ComputedLoc,
    LocKind,
    MLoc,
    Moved,
    NoLoc,
    PiecesLoc,
    VarKey,
    VarLoc,
    VarRange,
)

# per variable, per call position: where the call moved it, for the variables
# whose register it clobbered
During = Mapping[VarKey, Mapping[int, Moved]]
Whole = tuple[int, object]  # a variable (its id) and its inlined-at


def after(p: int) -> int:
    return 2 * p + 1


def inside(p: int) -> int:
    return 2 * p


def half_label(label_after: Callable[[int], str]) -> Callable[[int], str]:
    """Names a half position: `label_after`'s label, or one byte before it."""
    def label(h: int) -> str:
        if h & 1:
            return label_after(h >> 1)
        return f"{label_after(h >> 1)}-1"
    return label


@dataclass(frozen=True, slots=True)
class CallReturns:
    """A function's calls (real instruction positions, ascending), the registers
    they clobber, and where the walk moved the variables they clobbered."""

    calls: tuple[int, ...]
    clobbered: frozenset[MLoc]
    during: During

    def reads_clobbered(self, loc: VarLoc | None) -> bool:
        """Does `loc` read a register a call clobbers (so that an outer frame
        reads the callee's)? An entry value, a constant or a slot does not."""
        if isinstance(loc, ComputedLoc):
            loc = loc.base
        if isinstance(loc, MLoc):
            return loc.kind is LocKind.REG and loc in self.clobbered
        if isinstance(loc, PiecesLoc):
            return any(r in self.clobbered for r, _ in loc.parts)
        return False

    def spanned(self, start: int, end: int) -> list[int]:
        """The calls p whose return address minus one a range [start, end)
        (positions) covers: start < p <= end."""
        calls = self.calls
        return list(calls[bisect_right(calls, start):bisect_right(calls, end)])

    def is_call(self, p: int) -> bool:
        """Is real instruction p a call?"""
        i = bisect_left(self.calls, p)
        return i < len(self.calls) and self.calls[i] == p

    def labels_needed(self, ranges: Sequence[VarRange]) -> set[int]:
        """The calls whose label `cut` may name that no range ends at."""
        out: set[int] = set()
        if not self.calls:
            return out
        for r in ranges:
            if self.reads_clobbered(r.loc):
                out.update(p for p in self.spanned(r.start, r.end) if p != r.end)
        return out

    def moved_early(self, r: VarRange, p: int) -> VarLoc | None:
        """Where call p moved `r`'s variable when it clobbered `r`'s register (a
        location that holds across the call), if `r` ends there in that register."""
        if not (p == r.end and r.primary and self.reads_clobbered(r.loc)):
            return None
        moved = self.during.get(r.var, {}).get(p)
        if moved is None or moved[0] != r.loc or moved[1] is None \
                or self.reads_clobbered(moved[1]):
            return None
        return moved[1]

    def holes(self, ranges: Sequence[VarRange]) -> dict[Whole, dict[int, NoLoc | None]]:
        """Per whole variable (its id and inlined-at), the calls p inside which
        `cut` ends its range and nothing holds it from there, with the reason
        the walk gave when the call clobbered it (None: not known)."""
        out: dict[Whole, dict[int, NoLoc | None]] = {}
        if not self.calls:
            return out
        for r in ranges:
            if r.var.fragment is None and r.primary and r.end > r.start \
                    and self.reads_clobbered(r.loc) and self.is_call(r.end) \
                    and self.moved_early(r, r.end) is None:
                moved = self.during.get(r.var, {}).get(r.end)
                why = moved[2] if moved is not None and moved[0] == r.loc else None
                out.setdefault((id(r.var.var), r.var.inlined_at), {})[r.end] = why
        return out


NO_CALLS = CallReturns((), frozenset(), {})


def cut(ranges: Sequence[VarRange], returns: CallReturns) -> list[VarRange]:
    """`ranges` (positions) in half positions, as outer frames must read them:
    no range in a clobbered register covers a call's R-1, and the location a
    call moved a variable to holds from there (module docstring)."""
    out: list[VarRange] = []
    if not returns.calls:
        return [replace(r, start=after(r.start), end=after(r.end)) for r in ranges]
    early: dict[tuple[VarKey, int], VarLoc] = {}  # (variable, call): location from R-1
    for r in ranges:
        s, e = after(r.start), after(r.end)
        if not returns.reads_clobbered(r.loc):
            out.append(replace(r, start=s, end=e))
            continue
        for p in returns.spanned(r.start, r.end):
            if inside(p) > s:
                out.append(replace(r, start=s, end=inside(p)))
            s = after(p)
            moved = returns.moved_early(r, p)
            if moved is not None:
                early[(r.var, p)] = moved
        if e > s:
            out.append(replace(r, start=s, end=e))
    if not early:
        return out
    for i, r in enumerate(out):  # the range the call's move began: from R-1
        key = (r.var, r.start >> 1)
        if r.primary and r.start & 1 and early.get(key) == r.loc:
            out[i] = replace(r, start=r.start - 1)
            del early[key]
    for (var, p), loc in early.items():  # a record right after the call replaced it
        out.append(VarRange(var, inside(p), after(p), loc))
    return out
