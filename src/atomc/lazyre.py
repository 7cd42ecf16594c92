"""Regular expressions compiled on first use.

A module-level `re.compile` runs in every `atomc` process that imports the module,
whether or not the pattern is ever used: the patterns for cpp's messages, pragmas,
extended identifiers, imaginary suffixes... are needed by few compiles, and
compiling them was 1% of a tiny compile's instructions. A `LazyPattern` is
declared the same way and compiles at its first match; it answers the methods
the callers use. It costs a method call per use, so patterns used per token or
per line of a large text stay compiled at import.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any


class Counters:
    """Work counters for tests: patterns compiled through this module."""

    __slots__ = ("compiled",)

    def __init__(self) -> None:
        self.compiled = 0


counters = Counters()


class LazyPattern:
    """`re.compile(pattern, flags)`, done when first used."""

    __slots__ = ("_pattern", "_flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        p = self._compiled
        if p is None:
            p = self._compiled = re.compile(self._pattern, self._flags)
            counters.compiled += 1
        return p

    @property
    def pattern(self) -> str:
        return self._pattern

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0,
                  endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

    def search(self, string: str, pos: int = 0,
               endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0,
                 endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def sub(self, repl: Any, string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)


def compile(pattern: str, flags: int = 0) -> LazyPattern:  # noqa: A001 - re.compile's name
    return LazyPattern(pattern, flags)
