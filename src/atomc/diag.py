"""Diagnostics: compiler-style messages with the source line and a caret.

User errors go through a `DiagnosticEngine`; once a phase ends with errors,
`CompileAborted` unwinds to the driver, which exits with status 1. Compiler
bugs raise `InternalCompilerError`, which the driver reports as one line naming
the pass and the source location being compiled, exiting with status 70.
"""

from __future__ import annotations

import sys
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TextIO

# What is being compiled right now (" in function 'f'"), for the one-line
# internal-error report; set by the phases, read only by the driver.
compiling_where: ContextVar[str] = ContextVar("compiling_where", default="")


@dataclass(frozen=True, slots=True)
class SourceSpan:
    """Where a diagnostic points: file, line and column as gcc prints them."""

    file: str
    line: int
    column: int  # 1-based; 0 = unknown


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One message, reported in gcc's `file:line:col: severity: text` form."""

    severity: str  # "error", "warning", "note", "fatal error"
    span: SourceSpan | None
    message: str


class CompileAborted(Exception):
    """Raised after errors were reported; the driver exits with status 1."""


class InternalCompilerError(Exception):
    def __init__(self, message: str, *, where: str = "", span: SourceSpan | None = None) -> None:
        super().__init__(message)
        self.where = where  # pass or phase name
        self.span = span


@dataclass
class WarningPolicy:
    """What -w, -Werror, -Werror=NAME, -Wno-error(=NAME), -WNAME and -Wno-NAME make of
    atomc's own warnings, read in command-line order as gcc reads them."""

    silent: bool = False  # -w
    werror: bool = False  # -Werror
    disabled: set[str] = field(default_factory=set)
    errors: set[str] = field(default_factory=set)  # -Werror=NAME
    not_errors: set[str] = field(default_factory=set)  # -Wno-error=NAME

    @classmethod
    def from_words(cls, words: list[str]) -> WarningPolicy:
        p = cls()
        for w in words:
            if w == "-w":
                p.silent = True
            elif w in ("-Werror", "-Wno-error"):
                p.werror = w == "-Werror"
            elif w.startswith("-Werror="):
                p.errors.add(w[8:])
                p.not_errors.discard(w[8:])
                p.disabled.discard(w[8:])
            elif w.startswith("-Wno-error="):
                p.errors.discard(w[11:])
                p.not_errors.add(w[11:])
            elif w.startswith("-Wno-"):
                p.disabled.add(w[5:])
            elif w.startswith("-W"):
                p.disabled.discard(w[2:])
        return p

    def shown(self, name: str) -> bool:
        return not self.silent and name not in self.disabled

    def as_error(self, name: str) -> bool:
        return name in self.errors or (self.werror and name not in self.not_errors)


@dataclass
class DiagnosticEngine:
    """Collects and prints a compile's diagnostics, applying -W/-Werror and the error limit."""

    out: TextIO = field(default_factory=lambda: sys.stderr)
    error_limit: int = 20
    diagnostics: list[Diagnostic] = field(default_factory=list)
    policy: WarningPolicy = field(default_factory=WarningPolicy)
    limit_note: str = ""  # printed when error_limit stops the compilation (-fmax-errors=)
    promoted: set[str] = field(default_factory=set)  # "all" / "some": warnings made errors
    _line_cache: dict[str, list[str]] = field(default_factory=dict)

    @property
    def error_count(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity in ("error", "fatal error"))

    def error(self, span: SourceSpan | None, message: str) -> None:
        self.report(Diagnostic("error", span, message))
        self._check_limit()

    def _check_limit(self) -> None:
        if self.error_limit and self.error_count >= self.error_limit:
            if self.limit_note:
                self.out.write(self.limit_note + "\n")
            raise CompileAborted()

    def warning(self, span: SourceSpan | None, message: str, option: str = "") -> None:
        """A warning controlled by -W`option` (gcc's name for it), shown as gcc shows it."""
        if option and not self.policy.shown(option):
            return
        if option and self.policy.as_error(option):
            self.promoted.add("some" if option in self.policy.errors else "all")
            self.report(Diagnostic("error", span, f"{message} [-Werror={option}]"))
            self._check_limit()
            return
        self.report(Diagnostic("warning", span, f"{message} [-W{option}]" if option else message))

    def finish(self) -> None:
        """gcc's closing note when warnings were turned into errors."""
        if "all" in self.promoted:
            self.out.write("atomc: all warnings being treated as errors\n")
        elif self.promoted:
            self.out.write("atomc: some warnings being treated as errors\n")

    def note(self, span: SourceSpan | None, message: str) -> None:
        self.report(Diagnostic("note", span, message))

    def fatal(self, span: SourceSpan | None, message: str) -> CompileAborted:
        """Report and return the exception to raise: `raise diags.fatal(...)`."""
        self.report(Diagnostic("error", span, message))
        return CompileAborted()

    def check(self) -> None:
        """Phase boundary: stop if any error was reported."""
        if self.error_count:
            raise CompileAborted()

    def report(self, d: Diagnostic) -> None:
        self.diagnostics.append(d)
        self.out.write(self.render(d))
        self.out.flush()

    def render(self, d: Diagnostic) -> str:
        if d.span is None:
            return f"atomc: {d.severity}: {d.message}\n"
        sp = d.span
        col = f"{sp.column}:" if sp.column > 0 else ""
        text = f"{sp.file}:{sp.line}:{col} {d.severity}: {d.message}\n"
        src = self._source_line(sp.file, sp.line)
        if src is not None:
            text += src + "\n"
            caret_col = max(sp.column, 1)
            prefix = "".join(ch if ch == "\t" else " " for ch in src[: caret_col - 1])
            text += prefix + "^\n"
        return text

    def _source_line(self, path: str, line: int) -> str | None:
        lines = self._line_cache.get(path)
        if lines is None:
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    lines = f.read().split("\n")
            except OSError:
                lines = []
            self._line_cache[path] = lines
        if 1 <= line <= len(lines):
            return lines[line - 1].rstrip("\r")[:400]
        return None
