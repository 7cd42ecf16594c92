"""Why a variable has no value: the reason a debug record carries when a pass
makes it unavailable, and that the back end carries to every address range of
the variable's scope where it has no location (issue 15 §3).

The reason travels in the IR (`why(dead, 40)` after a `none` record's
expression), through isel (`DbgMeta.why`) into LiveDebugValues, and ends in
atomc's `.debug_atomc_why` section (docs/why-optimized-out.md), which the gdb and
lldb extensions read for `atomc why VAR` and `atomc locals`.

A pass never names itself: the pass manager sets `current_pass` around each
pass, and `removed()` reads it, so a record removed by `sccp` says so.
"""

from __future__ import annotations

import contextlib
import contextvars
import enum
from collections.abc import Iterator
from dataclasses import dataclass


class WhyKind(enum.Enum):
    """The reasons, with their code in `.debug_atomc_why` (never renumber)."""

    DEAD = "dead"  # no later use and the value was not kept; `line`: dead after it
    FOLDED = "folded"  # folded into another value, named by `name`
    REMOVED = "removed"  # the code computing it was removed by the pass `name`
    NOT_YET = "not_yet"  # not assigned yet here; `line`: the line assigning it
    PIECE = "piece"  # a piece of it has no location; `name`: which bits
    JOIN = "join"  # the paths reaching here leave its values in different places

    @property
    def code(self) -> int:
        return _CODES[self]

    @staticmethod
    def from_code(code: int) -> WhyKind:
        return _BY_CODE[code]


_CODES = {WhyKind.DEAD: 1, WhyKind.FOLDED: 2, WhyKind.REMOVED: 3, WhyKind.NOT_YET: 4,
          WhyKind.PIECE: 5, WhyKind.JOIN: 6}
_BY_CODE = {c: k for k, c in _CODES.items()}


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

    def describe(self) -> str:
        """What the debugger extensions print after `optimized out: `."""
        return describe(self.kind, self.line, self.name)


def describe(kind: WhyKind, line: int, name: str) -> str:
    match kind:
        case WhyKind.DEAD:
            return f"dead after line {line}" if line else "dead (no later use)"
        case WhyKind.FOLDED:
            return f"folded into {name}" if name else "folded into another value"
        case WhyKind.REMOVED:
            return f"computation removed by {name}" if name else "computation removed"
        case WhyKind.NOT_YET:
            return f"not assigned yet (line {line} assigns it)" if line \
                else "not assigned yet"
        case WhyKind.PIECE:
            return f"piece missing ({name})" if name else "a piece is missing"
        case WhyKind.JOIN:
            return "paths leave its value in different places"
    raise ValueError(kind)


current_pass: contextvars.ContextVar[str] = contextvars.ContextVar("atomc_current_pass",
                                                                   default="")


@contextlib.contextmanager
def running_pass(name: str) -> Iterator[None]:
    """Reasons made inside name this pass."""
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
