"""Runs in a child Python process with the ``lldb`` module: the lldb session.

A separate process because lldb's Python module lives outside our
interpreter's path, and because a wedged debugger must be killable without
taking the tool down.  The job file named by ``ATOMC_EVAL_JOB`` says what to
run; ``ATOMC_EVAL_LLDB_PYTHON`` says where the ``lldb`` module is.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

# this tree's package root, so that the job reader below can be imported
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from atomc_eval.drivers.hostjob import load_job

JOB = load_job(os.environ.get("ATOMC_EVAL_LLDB_PYTHON", ""))

import lldb

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

_FLOATS = {
    lldb.eBasicTypeFloat: "float",
    lldb.eBasicTypeDouble: "double",
    lldb.eBasicTypeLongDouble: "long double",
    lldb.eBasicTypeHalf: "half",
}
_AGGREGATES = (
    lldb.eTypeClassArray | lldb.eTypeClassStruct | lldb.eTypeClassUnion | lldb.eTypeClassClass
)


def _kind(type_class: int, basic: int) -> str:
    if type_class & lldb.eTypeClassPointer:
        return "ptr"
    if type_class & _AGGREGATES:
        return "aggregate"
    if type_class & lldb.eTypeClassEnumeration:
        return "int"
    if type_class & lldb.eTypeClassBuiltin:
        return "float" if basic in _FLOATS else "int"
    return "other"


def _scalar(value: Any, ctype: Any, basic: int, field_bits: int | None) -> str | None:
    if value.GetValue() is None:
        return None
    if basic in _FLOATS:
        error = lldb.SBError()
        data = value.GetData()
        if basic == lldb.eBasicTypeFloat:
            number = data.GetFloat(error, 0)
        elif basic == lldb.eBasicTypeDouble:
            number = data.GetDouble(error, 0)
        else:
            number = float(value.GetValue())
        return valuefmt.float_text(number) if error.Success() else None
    # Mask to the type's size: a value assembled from register pieces can
    # carry more bytes than its type, and GetValueAsSigned then misreads it. A
    # bit-field's width is its own: lldb hands a field read from a register
    # zero-extended, so a signed field's sign bit is the field's top bit.
    bits = field_bits or 8 * ctype.GetByteSize()
    if bits > 64:  # __int128: GetValueAsUnsigned has 64 bits; lldb's text is exact
        text = value.GetValue()
        return text if text and text.lstrip("-").isdigit() else None
    raw = value.GetValueAsUnsigned() & ((1 << bits) - 1) if bits else value.GetValueAsUnsigned()
    if ctype.GetTypeFlags() & lldb.eTypeIsSigned and bits and raw >> (bits - 1):
        raw -= 1 << bits
    return str(raw)


def _field_bits(ctype: Any, index: int) -> int | None:
    """The width of `ctype`'s field `index` if it is a bit-field (SBValue itself
    does not say)."""
    if index >= ctype.GetNumberOfFields():
        return None
    member = ctype.GetFieldAtIndex(index)
    return member.GetBitfieldSizeInBits() if member.IsValid() and member.IsBitfield() else None


def format_value(value: Any, field_bits: int | None = None) -> tuple[str | None, str]:
    """Normalised text of an SBValue and its kind; text None if unavailable.
    `field_bits`: the width when the value is a bit-field of its parent."""
    if value is None or not value.IsValid():
        return None, "other"
    ctype = value.GetType().GetCanonicalType()
    type_class = ctype.GetTypeClass()
    basic = ctype.GetBasicType()
    kind = _kind(type_class, basic)
    if value.GetError().Fail():
        return None, kind
    if kind == "ptr":
        if value.GetValue() is None:
            return None, kind
        return valuefmt.pointer_text(value.GetValueAsUnsigned()), kind
    if type_class & lldb.eTypeClassArray:
        count = value.GetNumChildren()
        shown = min(count, valuefmt.MAX_ELEMENTS)
        parts = [format_value(value.GetChildAtIndex(i))[0] for i in range(shown)]
        return valuefmt.join_elements(parts, count > shown), kind
    if kind == "aggregate":
        fields = []
        for i in range(value.GetNumChildren()):
            child = value.GetChildAtIndex(i)
            fields.append((child.GetName() or "?", format_value(child, _field_bits(ctype, i))[0]))
        return valuefmt.join_fields(fields), kind
    if kind in ("int", "float"):
        return _scalar(value, ctype, basic, field_bits), kind
    if type_class & lldb.eTypeClassComplexFloat and value.GetSummary():
        # what `frame variable` shows when a summary hides lldb's own text (atomc's
        # plugin has one for `_Complex long double`, which lldb-22 misreads)
        return value.GetSummary(), kind
    return value.GetValue(), kind


def _line_entry(frame: Any) -> tuple[str, int, int]:
    entry = frame.GetLineEntry()
    if not entry.IsValid() or not entry.GetFileSpec().IsValid():
        return "", 0, 0
    line = entry.GetLine()
    if line <= 0 or line >= 0xFFFFFFFF:
        return "", 0, 0
    return entry.GetFileSpec().fullpath or "", line, entry.GetColumn()


class LldbSession(DebuggerSession):
    """DebuggerSession over lldb's SB API in synchronous mode."""

    def __init__(self) -> None:
        self._dbg = lldb.SBDebugger.Create(False)
        self._dbg.SetAsync(False)
        # libc's separate debug info must not be loaded: no stepping into it
        self._dbg.HandleCommand("settings set symbols.enable-external-lookup false")
        self._target: Any = None
        self._process: Any = None
        self._dirs: tuple[str, ...] = ()
        self._plugin: Any = None
        self._leaf: dict[int, bool] = {}  # function start -> calls nothing
        plugin = os.environ.get("ATOMC_EVAL_LLDB_PLUGIN")
        if plugin:  # loaded as a user loads it, so lldb finds its scripted plans
            result = lldb.SBCommandReturnObject()
            self._dbg.GetCommandInterpreter().HandleCommand(
                f"command script import {plugin}", result
            )
            if not result.Succeeded() or "atomc_lldb" not in sys.modules:
                raise RuntimeError(f"atomc_lldb did not load: {result.GetError()}")
            self._plugin = sys.modules["atomc_lldb"]

    def _status(self) -> Status:
        process = self._process
        state = process.GetState()
        if state == lldb.eStateExited:
            desc = process.GetExitDescription() or ""
            match = re.search(r"SIG[A-Z]+", desc)
            if match and "signal" in desc.lower():
                return Status("signalled", signal=match.group(0))
            return Status("exited", exit_code=process.GetExitStatus())
        if state == lldb.eStateCrashed:
            return Status("signalled", signal="SIGSEGV", detail="crashed")
        if state != lldb.eStateStopped:
            return Status("error", detail=f"unexpected process state {state}")
        thread = process.GetSelectedThread()
        reason = thread.GetStopReason()
        signal_name: str | None = None
        if reason == lldb.eStopReasonSignal:
            signo = thread.GetStopReasonDataAtIndex(0)
            signal_name = process.GetUnixSignals().GetSignalAsCString(signo)
        elif reason == lldb.eStopReasonException:
            match = re.search(r"SIG[A-Z]+", thread.GetStopDescription(256) or "")
            signal_name = match.group(0) if match else "SIGSEGV"
        return Status("stopped", signal=signal_name)

    def start(self, spec: RunSpec) -> Status:
        self._dirs = tuple(os.path.realpath(d) for d in spec.source_dirs)
        error = lldb.SBError()
        self._target = self._dbg.CreateTarget(spec.program, None, None, True, error)
        if not self._target or not self._target.IsValid():
            return Status("error", detail=f"cannot load {spec.program}: {error.GetCString()}")
        info = lldb.SBLaunchInfo(list(spec.args))
        info.AddOpenFileAction(0, spec.stdin, True, False)
        info.AddOpenFileAction(1, spec.stdout, False, True)
        info.AddDuplicateFileAction(1, 2)
        info.SetLaunchFlags(info.GetLaunchFlags() | lldb.eLaunchFlagStopAtEntry)
        self._process = self._target.Launch(info, error)
        if not error.Success() or not self._process or not self._process.IsValid():
            return Status("error", detail=f"launch failed: {error.GetCString()}")
        with open(JOB["pid_file"], "w", encoding="utf-8") as fh:
            fh.write(str(self.inferior_pid()))
        signals = self._process.GetUnixSignals()
        signals.SetShouldStop(2, True)  # SIGINT from the watchdog must stop the step
        signals.SetShouldSuppress(2, True)
        placed = 0
        for location in spec.breakpoints:
            file_part, _, line_part = location.rpartition(":")
            if file_part and line_part.isdigit() and self._plugin is not None:
                bp = self._plugin.break_at_line(self._target, file_part, int(line_part))
            elif file_part and line_part.isdigit():
                bp = self._target.BreakpointCreateByLocation(file_part, int(line_part))
            else:
                bp = self._target.BreakpointCreateByName(location)
            if bp.IsValid() and bp.GetNumLocations() > 0:
                bp.SetOneShot(spec.step_command == "continue")
                placed += 1
        if placed == 0:
            return Status(
                "error", detail="no breakpoint could be placed: " + ", ".join(spec.breakpoints)
            )
        self._process.Continue()
        return self._status()

    def _thread(self) -> Any:
        return self._process.GetSelectedThread()

    def _line_step(self, over: bool) -> Status:
        """One source-line step, through the atomc plugin's stepping when it is loaded."""
        thread = self._thread()
        if self._plugin is not None:
            self._plugin.step(thread, over=over)
        elif over:
            thread.StepOver()
        else:
            thread.StepInto()
        return self._status()

    def step(self) -> Status:
        return self._line_step(over=False)

    def next(self) -> Status:
        return self._line_step(over=True)

    def finish(self) -> Status:
        self._thread().StepOut()
        return self._status()

    def cont(self) -> Status:
        self._process.Continue()
        return self._status()

    def _is_program_frame(self, frame: Any) -> bool:
        path, line, _ = _line_entry(frame)
        return in_source_dirs(path, line, self._dirs)

    def in_program(self) -> bool:
        return self._is_program_frame(self._thread().GetFrameAtIndex(0))

    def caller_in_program(self) -> bool:
        thread = self._thread()
        return any(
            self._is_program_frame(thread.GetFrameAtIndex(i))
            for i in range(1, thread.GetNumFrames())
        )

    def _variables(self, frame: Any, spec: RunSpec) -> list[Variable]:
        found: list[Variable] = []
        seen: set[str] = set()
        for value in frame.GetVariables(True, True, False, True):
            name = value.GetName()
            if not name or name in seen:
                continue
            seen.add(name)
            text, kind = format_value(value)
            scope = "param" if value.GetValueType() == lldb.eValueTypeVariableArgument else "local"
            decl = value.GetDeclaration()
            decl_line = decl.GetLine() if decl.IsValid() else 0
            found.append(Variable(name, scope, text, kind, decl_line))  # type: ignore[arg-type]
        for name in spec.globals:
            value = self._target.FindFirstGlobalVariable(name)
            if not value.IsValid():
                value = frame.GetValueForVariablePath(name)
            text, kind = format_value(value)
            found.append(Variable(name, "global", text, kind))  # type: ignore[arg-type]
        return found

    def _watch(self, frame: Any, expr: str) -> Watch:
        value = frame.GetValueForVariablePath(expr)
        if not value.IsValid() or value.GetError().Fail():
            value = frame.EvaluateExpression(expr)
        text, kind = format_value(value)
        return Watch(expr, text, kind)

    def _plugin_view(self, thread: Any) -> tuple[Any, list[FrameInfo]]:
        """The frame and inlined chain the plugin shows (gdb's view of this stop)."""
        self._plugin.select_gdb_frame(thread)
        frame = thread.GetSelectedFrame()
        chain = [FrameInfo(f or "??", p, ln, inl) for f, p, ln, inl in
                 self._plugin.gdb_frames(thread)]
        return frame, chain

    def snapshot(self, index: int, via: str, spec: RunSpec) -> Stop:
        thread = self._thread()
        frame = thread.GetFrameAtIndex(0)
        chain: list[FrameInfo] = []
        for i in range(thread.GetNumFrames()):
            current = thread.GetFrameAtIndex(i)
            path, line, _ = _line_entry(current)
            chain.append(
                FrameInfo(current.GetFunctionName() or "??", path, line, current.IsInlined())
            )
            if not current.IsInlined():
                break
        if self._plugin is not None and self.in_program():
            frame, chain = self._plugin_view(thread)
        path, line, column = _line_entry(frame)
        real = os.path.realpath(path) if path else ""
        watches = [
            self._watch(frame, w.expr)
            for w in spec.watches
            if w.line == line and os.path.realpath(w.file) == real
        ]
        pc = frame.GetPC()
        return Stop(
            index=index,
            via=via,
            function=chain[0].function,
            file=chain[0].file or path,
            line=chain[0].line or line,
            column=column,
            pc=pc,
            addr=frame.GetPCAddress().GetFileAddress(),
            cfa=frame.GetCFA(),
            is_stmt=None,
            frames=tuple(chain),
            variables=tuple(self._variables(frame, spec)),
            watches=tuple(watches),
        )

    def _is_leaf(self, frame: Any) -> bool:
        """Whether the function of ``frame`` calls nothing (so may keep locals in
        the red zone); unknown code counts as a leaf."""
        function = frame.GetFunction()
        if not function.IsValid():
            return True
        start = function.GetStartAddress().GetFileAddress()
        if start not in self._leaf:
            code = function.GetInstructions(self._target)
            self._leaf[start] = not any(
                scribble.is_call(code.GetInstructionAtIndex(i).GetMnemonic(self._target))
                for i in range(code.GetSize()))
        return self._leaf[start]

    def scribble_stack(self, fill: int) -> None:
        frame = self._thread().GetFrameAtIndex(0)
        sp = frame.GetSP()
        for low, high in scribble.fill_ranges(sp, self._is_leaf(frame)):
            error = lldb.SBError()
            self._process.WriteMemory(low, bytes([fill]) * (high - low), error)
            if error.Fail():
                break

    def inferior_pid(self) -> int:
        return int(self._process.GetProcessID()) if self._process else 0

    def kill(self) -> None:
        if (
            self._process
            and self._process.IsValid()
            and self._process.GetState() != lldb.eStateExited
        ):
            self._process.Kill()


def main() -> None:
    record_job(LldbSession(), JOB)
    os._exit(0)  # skip lldb's slow and occasionally crashing teardown


if __name__ == "__main__":
    main()
