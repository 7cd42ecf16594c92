"""Runs inside gdb (``gdb -batch -x gdb_host.py PROGRAM``): the gdb session.

gdb's embedded Python is the system interpreter, not ours, so this file only
uses the stdlib, gdb's ``gdb`` module and the stdlib-only driver modules.  The
job file named by ``ATOMC_EVAL_JOB`` says what to run and where to write.
"""

from __future__ import annotations

import os
import shlex
import sys
from typing import Any

import gdb  # only exists inside gdb

# this tree's package root, so that the job reader below can be imported
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from atomc_eval.drivers.hostjob import load_job

JOB = load_job()

from atomc_eval.drivers import scribble, valuefmt
from atomc_eval.drivers.base import (
    DebuggerSession,
    FrameInfo,
    RunSpec,
    Status,
    Stop,
    Variable,
    Watch,
    in_source_dirs,
)
from atomc_eval.drivers.stepper import record_job

# gdb's text for an x87 extended value whose bits are no number (an unnormal, a
# pseudo-NaN): the variable is read, not optimized out
INVALID_FLOAT = "<invalid float value>"
_INT_CODES = (gdb.TYPE_CODE_INT, gdb.TYPE_CODE_CHAR, gdb.TYPE_CODE_BOOL, gdb.TYPE_CODE_ENUM)


def _kind(code: int) -> str:
    if code in _INT_CODES:
        return "int"
    if code == gdb.TYPE_CODE_FLT:
        return "float"
    if code == gdb.TYPE_CODE_PTR:
        return "ptr"
    if code in (gdb.TYPE_CODE_ARRAY, gdb.TYPE_CODE_STRUCT, gdb.TYPE_CODE_UNION):
        return "aggregate"
    return "other"


def format_value(val: Any) -> tuple[str | None, str]:
    """Normalised text of a gdb.Value and its kind; text None if unavailable."""
    try:
        vtype = val.type.strip_typedefs()
        code = vtype.code
        kind = _kind(code)
        if val.is_optimized_out and kind != "aggregate":
            return None, kind  # (an aggregate is so when any member is)
        text = str(val) if kind in ("int", "float", "ptr") else ""
        if text == INVALID_FLOAT:
            return valuefmt.INVALID_FLOAT_TEXT, kind
        if text.startswith("<"):
            return None, kind  # <optimized out>, <synthetic pointer>, <error: ...>
        if code in _INT_CODES:  # int() of an __int128 is an error; its text is exact
            return (str(int(val)) if vtype.sizeof <= 8 else str(val)), kind
        if code == gdb.TYPE_CODE_FLT:
            return valuefmt.float_text(float(val)), kind
        if code == gdb.TYPE_CODE_PTR:
            return valuefmt.pointer_text(int(val)), kind
        if code == gdb.TYPE_CODE_ARRAY:
            low, high = vtype.range()
            count = high - low + 1
            shown = min(count, valuefmt.MAX_ELEMENTS)
            parts = [format_value(val[low + i])[0] for i in range(shown)]
            if parts and all(p is None for p in parts):  # (an empty array is "{}")
                return None, kind
            return valuefmt.join_elements(parts, count > shown), kind
        if code in (gdb.TYPE_CODE_STRUCT, gdb.TYPE_CODE_UNION):
            fields = [(f.name or "?", format_value(val[f])[0]) for f in vtype.fields()]
            if all(v is None for _, v in fields):
                return None, kind
            return valuefmt.join_fields(fields), kind
        return str(val), kind
    except (gdb.error, gdb.MemoryError, RuntimeError, ValueError, OverflowError):
        return None, "other"


def _frame_file(frame: Any) -> tuple[str, int]:
    sal = frame.find_sal()
    if sal.symtab is None:
        return "", 0
    return sal.symtab.fullname(), sal.line


class GdbSession(DebuggerSession):
    """DebuggerSession over gdb's Python API."""

    def __init__(self) -> None:
        self._exit_code: int | None = None
        self._exited = False
        self._signal: str | None = None
        self._bias = 0
        self._dirs: tuple[str, ...] = ()
        self._leaf: dict[int, bool] = {}  # function start -> calls nothing
        gdb.events.exited.connect(self._on_exit)
        gdb.events.stop.connect(self._on_stop)

    def _on_exit(self, event: Any) -> None:
        self._exited = True
        self._exit_code = getattr(event, "exit_code", None)

    def _on_stop(self, event: Any) -> None:
        if isinstance(event, gdb.SignalEvent):
            self._signal = event.stop_signal

    def _alive(self) -> bool:
        inferior = gdb.selected_inferior()
        return inferior is not None and inferior.pid != 0

    def _run(self, command: str) -> Status:
        self._signal = None
        try:
            gdb.execute(command, to_string=True)
        except gdb.error as exc:
            if self._alive():
                return Status("error", detail=f"{command}: {exc}")
        if not self._alive():
            if self._exit_code is None and self._signal is not None:
                return Status("signalled", signal=self._signal)
            return Status("exited", exit_code=self._exit_code if self._exit_code is not None else 0)
        return Status("stopped", signal=self._signal)

    def start(self, spec: RunSpec) -> Status:
        for setting in (
            "set pagination off",
            "set confirm off",
            "set width 0",
            "set height 0",
            "set breakpoint pending off",
            "set debuginfod enabled off",
            "set debug-file-directory /nonexistent-atomc-eval",
            "set step-mode off",
            "set backtrace past-main on",  # so main has a caller whose sp is main's CFA
        ):
            try:
                gdb.execute(setting, to_string=True)
            except gdb.error:
                pass  # an older gdb lacks some settings; none is essential
        self._dirs = tuple(os.path.realpath(d) for d in spec.source_dirs)
        try:
            static_main = int(gdb.parse_and_eval("(long)&main"))
        except gdb.error:
            static_main = None
        redirect = f" < {shlex.quote(spec.stdin)} > {shlex.quote(spec.stdout)} 2>&1"
        gdb.execute("set args " + " ".join(shlex.quote(a) for a in spec.args) + redirect)
        status = self._run("starti")
        if status.state != "stopped":
            return status
        with open(JOB["pid_file"], "w", encoding="utf-8") as fh:
            fh.write(str(self.inferior_pid()))
        if static_main is not None:
            try:
                self._bias = int(gdb.parse_and_eval("(long)&main")) - static_main
            except gdb.error:
                self._bias = 0
        placed = 0
        errors: list[str] = []
        for location in spec.breakpoints:
            try:
                gdb.Breakpoint(location, temporary=spec.step_command == "continue")
                placed += 1
            except gdb.error as exc:
                errors.append(f"{location}: {exc}")
        if placed == 0:
            return Status("error", detail="no breakpoint could be placed: " + "; ".join(errors))
        return self._run("continue")

    def step(self) -> Status:
        return self._run("step")

    def next(self) -> Status:
        return self._run("next")

    def finish(self) -> Status:
        return self._run("finish")

    def cont(self) -> Status:
        return self._run("continue")

    def _is_program_frame(self, frame: Any) -> bool:
        path, line = _frame_file(frame)
        return in_source_dirs(path, line, self._dirs)

    def in_program(self) -> bool:
        return self._is_program_frame(gdb.newest_frame())

    def caller_in_program(self) -> bool:
        frame = gdb.newest_frame().older()
        while frame is not None:
            if self._is_program_frame(frame):
                return True
            frame = frame.older()
        return False

    def _variables(self, frame: Any) -> list[Variable]:
        found: list[Variable] = []
        seen: set[str] = set()
        try:
            block = frame.block()
        except RuntimeError:
            return found
        while block is not None:
            for sym in block:
                if not (sym.is_variable or sym.is_argument) or sym.name in seen:
                    continue
                seen.add(sym.name)
                try:
                    text, kind = format_value(sym.value(frame))
                except (gdb.error, RuntimeError, TypeError):
                    text, kind = None, "other"
                scope = "param" if sym.is_argument else "local"
                found.append(Variable(sym.name, scope, text, kind, int(sym.line or 0)))  # type: ignore[arg-type]
            if block.function is not None:
                break
            block = block.superblock
        return found

    def _globals(self, names: tuple[str, ...]) -> list[Variable]:
        found: list[Variable] = []
        for name in names:
            try:
                text, kind = format_value(gdb.parse_and_eval(name))
            except gdb.error:
                text, kind = None, "other"
            found.append(Variable(name, "global", text, kind))  # type: ignore[arg-type]
        return found

    def snapshot(self, index: int, via: str, spec: RunSpec) -> Stop:
        frame = gdb.newest_frame()
        frame.select()
        chain: list[FrameInfo] = []
        current = frame
        while current is not None:
            path, line = _frame_file(current)
            inlined = current.type() == gdb.INLINE_FRAME
            chain.append(FrameInfo(current.name() or "??", path, line, inlined))
            if not inlined:
                break
            current = current.older()
        concrete = current if current is not None else frame
        caller = concrete.older()
        cfa = int((caller or concrete).read_register("sp"))
        path, line = _frame_file(frame)
        watches: list[Watch] = []
        real = os.path.realpath(path) if path else ""
        for w in spec.watches:
            if w.line == line and os.path.realpath(w.file) == real:
                try:
                    text, kind = format_value(gdb.parse_and_eval(w.expr))
                except gdb.error:
                    text, kind = None, "other"
                watches.append(Watch(w.expr, text, kind))
        pc = int(frame.pc())
        return Stop(
            index=index,
            via=via,
            function=chain[0].function,
            file=path,
            line=line,
            column=0,
            pc=pc,
            addr=pc - self._bias,
            cfa=cfa,
            is_stmt=None,
            frames=tuple(chain),
            variables=tuple(self._variables(frame) + self._globals(spec.globals)),
            watches=tuple(watches),
        )

    def _is_leaf(self, frame: Any) -> bool:
        """Whether the concrete function of ``frame`` calls nothing (so may keep
        locals in the red zone); unknown code counts as a leaf."""
        block = gdb.block_for_pc(frame.pc())
        while block is not None and block.superblock is not None and (
                block.function is None or block.superblock.function is not None):
            block = block.superblock
        if block is None or block.function is None:
            return True
        if block.start not in self._leaf:
            code = frame.architecture().disassemble(block.start, block.end - 1)
            self._leaf[block.start] = not any(scribble.is_call(i["asm"]) for i in code)
        return self._leaf[block.start]

    def scribble_stack(self, fill: int) -> None:
        frame = gdb.newest_frame()
        while frame.type() == gdb.INLINE_FRAME and frame.older() is not None:
            frame = frame.older()
        sp = int(frame.read_register("sp"))
        inferior = gdb.selected_inferior()
        for low, high in scribble.fill_ranges(sp, self._is_leaf(frame)):
            try:
                inferior.write_memory(low, bytes([fill]) * (high - low))
            except gdb.MemoryError:
                break

    def inferior_pid(self) -> int:
        inferior = gdb.selected_inferior()
        return int(inferior.pid) if inferior is not None else 0

    def kill(self) -> None:
        if self._alive():
            gdb.execute("kill", to_string=True)


def main() -> None:
    record_job(GdbSession(), JOB)


main()
