"""The one debugger interface, and the records a trace is made of.

Stdlib only: this module is imported inside gdb's embedded Python as well as
by the outer tool, so both sides share one definition of a stop.
"""

from __future__ import annotations

import dataclasses
import os
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

# "continue": run from breakpoint to breakpoint, each one-shot, so that a trace holds the
# first stop at every breakpoint location (one session for many labelled lines)
StepCommand = Literal["step", "next", "continue"]
EndReason = Literal["exited", "signal", "timeout", "step-limit", "error"]
END_REASONS: tuple[str, ...] = ("exited", "signal", "timeout", "step-limit", "error")
FATAL_SIGNALS: frozenset[str] = frozenset(
    {"SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL", "SIGABRT", "SIGSYS", "SIGKILL", "SIGTERM"}
)
INTERRUPT_SIGNAL = "SIGINT"  # what the watchdog sends to a hung inferior


@dataclass(frozen=True, slots=True)
class FrameInfo:
    """One frame of the inline chain at a stop (innermost first)."""

    function: str
    file: str
    line: int
    inlined: bool


@dataclass(frozen=True, slots=True)
class Variable:
    """A visible variable; ``value`` None means optimized out or unavailable.

    Values are normalised the same way by every driver (integers and chars as
    decimal, floats via ``repr``, pointers as ``0x..``, aggregates in braces) so
    that traces from gdb and lldb compare directly.
    """

    name: str
    scope: Literal["param", "local", "global"]
    value: str | None
    kind: Literal["int", "float", "ptr", "aggregate", "other"]
    decl_line: int = 0  # 0 when unknown; before and on it the value is not yet set
    # with no value: why, from atomc's records in the binary (atomc_eval/why.py):
    # a reason kind ("dead", "not_yet", "removed", ...) or "none" (no reason recorded)
    why: str | None = None


@dataclass(frozen=True, slots=True)
class Watch:
    """The value of a requested expression at a stop on its line."""

    expr: str
    value: str | None
    kind: str


@dataclass(frozen=True, slots=True)
class Stop:
    """Where the debugger stopped and what it showed there."""

    index: int
    via: str  # "break", "step", "next", "finish" or "signal"
    function: str
    file: str
    line: int
    column: int
    pc: int  # run-time address
    addr: int  # address in the executable file (load bias removed)
    cfa: int  # canonical frame address of the concrete frame: tells activations apart
    is_stmt: bool | None  # None until annotated from .debug_line
    frames: tuple[FrameInfo, ...]
    variables: tuple[Variable, ...]
    watches: tuple[Watch, ...] = ()

    def to_record(self) -> dict[str, Any]:
        rec = dataclasses.asdict(self)
        rec["type"] = "stop"
        return rec

    @staticmethod
    def from_record(rec: dict[str, Any]) -> Stop:
        return Stop(
            index=int(rec["index"]),
            via=str(rec["via"]),
            function=str(rec["function"]),
            file=str(rec["file"]),
            line=int(rec["line"]),
            column=int(rec.get("column") or 0),
            pc=int(rec["pc"]),
            addr=int(rec["addr"]),
            cfa=int(rec["cfa"]),
            is_stmt=rec.get("is_stmt"),
            frames=tuple(FrameInfo(**f) for f in rec.get("frames", ())),
            variables=tuple(Variable(**v) for v in rec.get("variables", ())),
            watches=tuple(Watch(**w) for w in rec.get("watches", ())),
        )

    def value_of(self, name: str) -> str | None:
        """The value shown for variable ``name`` at this stop (None if absent)."""
        for var in self.variables:
            if var.name == name:
                return var.value
        return None


@dataclass(frozen=True, slots=True)
class TraceEnd:
    """Why a trace ended; every trace has exactly one."""

    reason: str  # one of END_REASONS
    steps: int
    exit_code: int | None = None
    signal: str | None = None
    detail: str = ""

    def to_record(self) -> dict[str, Any]:
        rec = dataclasses.asdict(self)
        rec["type"] = "end"
        return rec

    @staticmethod
    def from_record(rec: dict[str, Any]) -> TraceEnd:
        return TraceEnd(
            reason=str(rec["reason"]),
            steps=int(rec.get("steps", 0)),
            exit_code=rec.get("exit_code"),
            signal=rec.get("signal"),
            detail=str(rec.get("detail", "")),
        )


@dataclass(frozen=True, slots=True)
class TraceHeader:
    """What was traced, how, and the facts metrics need without the binary."""

    program: str
    debugger: str
    debugger_version: str = ""
    config: str = ""
    source: str = ""
    args: tuple[str, ...] = ()
    breakpoints: tuple[str, ...] = ("main",)
    step_command: str = "step"
    function_lines: dict[str, int] = field(default_factory=dict)  # name -> decl line
    format: int = 1

    def to_record(self) -> dict[str, Any]:
        rec = dataclasses.asdict(self)
        rec["type"] = "header"
        return rec

    @staticmethod
    def from_record(rec: dict[str, Any]) -> TraceHeader:
        return TraceHeader(
            program=str(rec["program"]),
            debugger=str(rec["debugger"]),
            debugger_version=str(rec.get("debugger_version", "")),
            config=str(rec.get("config", "")),
            source=str(rec.get("source", "")),
            args=tuple(rec.get("args", ())),
            breakpoints=tuple(rec.get("breakpoints", ("main",))),
            step_command=str(rec.get("step_command", "step")),
            function_lines={str(k): int(v) for k, v in rec.get("function_lines", {}).items()},
            format=int(rec.get("format", 1)),
        )


@dataclass(frozen=True, slots=True)
class Trace:
    """A whole recording: header, stops in order, and why it ended."""

    header: TraceHeader
    stops: tuple[Stop, ...]
    end: TraceEnd


@dataclass(frozen=True, slots=True)
class WatchSpec:
    """Evaluate ``expr`` whenever the program stops at ``file:line``."""

    file: str
    line: int
    expr: str


@dataclass(frozen=True, slots=True)
class RunSpec:
    """Everything a driver needs to trace one run of one program."""

    program: str
    args: tuple[str, ...] = ()
    stdin: str = "/dev/null"
    stdout: str = "/dev/null"
    breakpoints: tuple[str, ...] = ("main",)  # function names or file:line
    step_command: StepCommand = "step"
    step_limit: int = 2000
    time_limit: float = 20.0
    source_dirs: tuple[str, ...] = ()  # stops elsewhere are stepped out of
    globals: tuple[str, ...] = ()
    watches: tuple[WatchSpec, ...] = ()
    # a byte to fill the dead stack below the stack pointer with at every stop
    # (0: leave it alone); see drivers/scribble.py
    scribble: int = 0

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)
    @staticmethod
    def from_json(data: dict[str, Any]) -> RunSpec:
        return RunSpec(
            program=str(data["program"]),
            args=tuple(data.get("args", ())),
            stdin=str(data.get("stdin", "/dev/null")),
            stdout=str(data.get("stdout", "/dev/null")),
            breakpoints=tuple(data.get("breakpoints", ("main",))),
            step_command=data.get("step_command", "step"),
            step_limit=int(data.get("step_limit", 2000)),
            time_limit=float(data.get("time_limit", 20.0)),
            source_dirs=tuple(data.get("source_dirs", ())),
            globals=tuple(data.get("globals", ())),
            watches=tuple(WatchSpec(**w) for w in data.get("watches", ())),
            scribble=int(data.get("scribble", 0)),
        )


def in_source_dirs(path: str, line: int, dirs: tuple[str, ...]) -> bool:
    """Is a frame at `path`:`line` in the program's own sources (under one of the
    real paths `dirs`; when none are given, anywhere a line is known)?"""
    if not path or line <= 0:
        return False
    if not dirs:
        return True
    real = os.path.realpath(path)
    return any(real.startswith(d + os.sep) for d in dirs)


@dataclass(frozen=True, slots=True)
class Status:
    """State of the inferior after a debugger operation.

    ``stopped`` with ``signal`` set means it stopped because of that signal.
    """

    state: Literal["stopped", "exited", "signalled", "error"]
    exit_code: int | None = None
    signal: str | None = None
    detail: str = ""


class DebuggerSession(ABC):
    """Primitive control of one debugger over one inferior.

    Implemented inside each debugger's own process; the shared stepping policy
    in :mod:`atomc_eval.drivers.stepper` is written only against this.
    """

    @abstractmethod
    def start(self, spec: RunSpec) -> Status:
        """Load the program, set breakpoints (one-shot when the spec's step command
        is ``continue``), run to the first stop."""

    @abstractmethod
    def step(self) -> Status:
        """Step one source line, entering calls."""

    @abstractmethod
    def next(self) -> Status:
        """Step one source line, stepping over calls."""

    @abstractmethod
    def finish(self) -> Status:
        """Run until the current frame returns."""

    @abstractmethod
    def cont(self) -> Status:
        """Continue until a breakpoint, a signal or the end."""

    @abstractmethod
    def in_program(self) -> bool:
        """Whether the innermost frame has line info in a program source."""

    @abstractmethod
    def caller_in_program(self) -> bool:
        """Whether some older frame is in a program source (so finishing helps)."""

    @abstractmethod
    def snapshot(self, index: int, via: str, spec: RunSpec) -> Stop:
        """Record the current stop (addr, is_stmt may be filled in later)."""

    def scribble_stack(self, fill: int) -> None:
        """Fill the dead stack below the stack pointer with ``fill`` (drivers/scribble.py)."""
        raise NotImplementedError(f"{type(self).__name__} cannot write the inferior's stack")

    @abstractmethod
    def inferior_pid(self) -> int:
        """Process id of the program being debugged (0 if none)."""

    @abstractmethod
    def kill(self) -> None:
        """End the inferior if it still runs."""


class Driver(ABC):
    """Outer-side handle on a debugger: records a whole trace for a RunSpec."""

    name: ClassVar[str]

    @abstractmethod
    def unavailable_reason(self) -> str | None:
        """None when the debugger can run here, else a one-line reason."""

    @abstractmethod
    def version(self) -> str:
        """Debugger version string for trace headers."""

    @abstractmethod
    def trace(self, spec: RunSpec, config: str = "", source: str = "") -> Trace:
        """Run the program under the debugger and return the annotated trace."""
