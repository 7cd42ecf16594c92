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
    file: str
    line: int
    column: int  # 1-based; 0 = unknown


@dataclass(frozen=True, slots=True)
class Diagnostic:
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
class DiagnosticEngine:
    out: TextIO = field(default_factory=lambda: sys.stderr)
    error_limit: int = 20
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _line_cache: dict[str, list[str]] = field(default_factory=dict)

    @property
    def error_count(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity in ("error", "fatal error"))

    def error(self, span: SourceSpan | None, message: str) -> None:
        self.report(Diagnostic("error", span, message))
        if self.error_count >= self.error_limit:
            raise CompileAborted()

    def warning(self, span: SourceSpan | None, message: str) -> None:
        self.report(Diagnostic("warning", span, message))

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
