"""The vocabulary of the option table: how an option is spelled, what class it
belongs to, where its words are passed on, and what it sets.

An option's effect is data: a tuple of `Set`/`Add` steps naming a field of
`CompileOptions` ("opts.x") or of the driver's `Invocation` ("inv.x"), with a
constant, the option's argument (`ARG`), or the argument through a small
converter. `parse.py` interprets them; nothing else knows an option by name.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import atomc.fastenum as fastenum


class Form(fastenum.Enum):
    """How an option's argument is written (gcc's Joined / Separate / ...)."""

    FLAG = "flag"  # exactly the spelling: -c, -fPIC
    EQ = "eq"  # spelling ends in '=', the value follows: -std=c11 (may be empty)
    JOINED = "joined"  # spelling is a prefix, the value follows it: -O2, -Wl,x
    SEPARATE = "sep"  # the value is the next argument: -Xlinker x
    JOINED_OR_SEPARATE = "joined-or-sep"  # -I dir or -Idir

    @property
    def takes_value(self) -> bool:
        return self is not Form.FLAG


class Class(fastenum.Enum):
    """What atomc does with an option gcc knows."""

    IMPLEMENTED = "implemented"  # gcc's meaning
    IGNORED = "ignored"  # only tunes gcc's optimiser or output; accepted silently
    REJECTED = "rejected"  # a feature atomc lacks: an error naming it
    ATOMC = "atomc"  # atomc's own option


class Stage(fastenum.Flag):
    """Tools an option's words are handed to verbatim, in command-line order."""

    NONE = 0
    CPP = enum.auto()  # gcc -E, which atomc runs as its preprocessor
    AS = enum.auto()  # GNU as
    LINK = enum.auto()  # gcc as link driver (crt files, libgcc, collect2/ld)


class _Arg:
    """Stands for the option's argument in an effect."""

    def __repr__(self) -> str:
        return "ARG"


ARG: Any = _Arg()


class UsageError(Exception):
    """A command-line error, reported as `atomc: error: <message>` with exit status 1."""

    def __init__(self, message: str, note: str = "") -> None:
        super().__init__(message)
        self.note = note


@dataclass(frozen=True, slots=True)
class Set:
    """Assign `target` ("opts.field" or "inv.attr"): a constant, ARG, or convert(ARG)."""

    target: str
    value: Any = ARG
    convert: Callable[[str], Any] | None = None


@dataclass(frozen=True, slots=True)
class Add:
    """Append to the list `target` ("inv.attr"): a constant, ARG, or convert(ARG)."""

    target: str
    value: Any = ARG
    convert: Callable[[str], Any] | None = None


Effect = Set | Add


@dataclass(frozen=True, slots=True)
class Option:
    """One table entry: an option's spelling, form, class and effects."""

    spelling: str
    form: Form
    cls: Class
    help: str  # one line, atomc's own words
    effects: tuple[Effect, ...] = ()
    to: Stage = Stage.NONE
    values: tuple[str, ...] | None = None  # accepted values of an EQ/JOINED option
    missing: str = ""  # REJECTED: the feature atomc lacks, named in the error
    metavar: str = ""  # how --help shows the argument

    def describe_spelling(self) -> str:
        if self.form is Form.FLAG:
            return self.spelling
        meta = self.metavar or "VALUE"
        if self.values is not None and not self.metavar and len(self.values) <= 6:
            meta = "|".join(self.values)
        sep = " " if self.form in (Form.SEPARATE, Form.JOINED_OR_SEPARATE) else ""
        return f"{self.spelling}{sep}{meta}"


def flag(spelling: str, cls: Class, help: str, *effects: Effect, to: Stage = Stage.NONE,
         missing: str = "") -> Option:
    return Option(spelling, Form.FLAG, cls, help, tuple(effects), to, missing=missing)


def valued(spelling: str, form: Form, cls: Class, help: str, *effects: Effect,
           to: Stage = Stage.NONE, values: tuple[str, ...] | None = None, metavar: str = "",
           missing: str = "") -> Option:
    return Option(spelling, form, cls, help, tuple(effects), to, values, missing, metavar)
