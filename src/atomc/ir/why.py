"""Why a variable has no value: the reason a debug record carries when a pass
makes it unavailable, and that the back end carries to every address range of
the variable's scope where it has no location (issue 15 §3), and the currency
kinds: where it has a location whose value is not current in source order.

The reason travels in the IR (`why(dead, 40)` after a `none` record's
expression), through isel (`DbgMeta.why`) into LiveDebugValues, and ends in
atomc's `.debug.atomc_why` section (docs/why-optimized-out.md), which the gdb and
lldb extensions read for `atomc why VAR` and `atomc locals` (their reader,
data/atomc_why_reader.py, puts the reasons into words).

A pass never names itself: the pass manager sets `current_pass` around each
pass, and `removed()` reads it, so a record removed by `sccp` says so.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from dataclasses import dataclass

import atomc.fastenum as fastenum


class WhyKind(fastenum.Enum):
    """The reasons, with their code in `.debug.atomc_why` (never renumber)."""

    DEAD = "dead"  # no later use and the value was not kept; `line`: dead after it
    FOLDED = "folded"  # folded into another value, named by `name`
    REMOVED = "removed"  # the code computing it was removed by the pass `name`
    NOT_YET = "not_yet"  # not assigned yet here; `line`: the line assigning it
    PIECE = "piece"  # a piece of it has no location; `name`: which bits
    JOIN = "join"  # the paths reaching here leave its values in different places
    ADDRESS = "address"  # its value is the address `name` (a global's), not described
    PROLOGUE = "prologue"  # a parameter the prologue has not stored in its home yet
    # currency (a location exists, but its value is not the one of this point
    # in source order; back end only, codegen/debuginfo/currency.py):
    ASSIGNED_EARLY = "assigned_early"  # `line`'s assignment ran before its turn
    ASSIGNED_LATE = "assigned_late"  # `line`'s assignment has not run yet

    @property
    def is_currency(self) -> bool:
        return self in (WhyKind.ASSIGNED_EARLY, WhyKind.ASSIGNED_LATE)

    @property
    def code(self) -> int:
        return _CODES[self]


_CODES = {WhyKind.DEAD: 1, WhyKind.FOLDED: 2, WhyKind.REMOVED: 3, WhyKind.NOT_YET: 4,
          WhyKind.PIECE: 5, WhyKind.JOIN: 6, WhyKind.ASSIGNED_EARLY: 7,
          WhyKind.ASSIGNED_LATE: 8, WhyKind.ADDRESS: 9,
          WhyKind.PROLOGUE: 10}


@dataclass(frozen=True, slots=True)
class Why:
    """One reason with its operand: a source line (0: unknown) or a name."""

    kind: WhyKind
    line: int = 0
    name: str = ""

    def ir_text(self) -> str:
        """The IR form: `why(dead, 40)`, `why(removed, "sccp")`."""
        args = [self.kind.value]
        if self.line:
            args.append(str(self.line))
        if self.name:
            args.append('"' + self.name.replace("\\", "\\\\").replace('"', '\\"') + '"')
        return "why(" + ", ".join(args) + ")"


current_pass: contextvars.ContextVar[str] = contextvars.ContextVar("atomc_current_pass",
                                                                   default="")


@contextlib.contextmanager
def running_pass(name: str) -> Iterator[None]:
    """Reasons made inside name this pass (the pass manager and debugify use it)."""
    token = current_pass.set(name)
    try:
        yield
    finally:
        current_pass.reset(token)


def removed() -> Why:
    """The running pass removed the code computing the value."""
    return Why(WhyKind.REMOVED, name=current_pass.get() or "an optimisation")


def dead_after(line: int) -> Why:
    return Why(WhyKind.DEAD, line=line)
