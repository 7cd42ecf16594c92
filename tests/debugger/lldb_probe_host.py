"""Child process with lldb's Python module: the `finish` and `bt` probes for lldb.

The lldb twin of :mod:`gdb_probe_host`, started the same way through
atomc_eval's ``run_host``.  Values are spelled by :func:`show`, one
spelling for both builds (pointers stay hex; the outer side masks them).
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any

with open(os.environ["ATOMC_EVAL_JOB"], encoding="utf-8") as _fh:
    JOB: dict[str, Any] = json.load(_fh)
for _entry in (JOB["src_root"], os.environ.get("ATOMC_EVAL_LLDB_PYTHON", "")):
    if _entry and _entry not in sys.path:
        sys.path.insert(0, _entry)

import lldb  # type: ignore[import-not-found]

from atomc_eval.drivers.base import TraceEnd

MAX_CHILDREN = 16


def show(value: Any, depth: int = 0) -> str:
    """One-line text of an SBValue: scalars as lldb prints them, aggregates in braces."""
    if value is None or not value.IsValid():
        return "<invalid>"
    if value.GetError().Fail():
        return f"<error: {value.GetError().GetCString()}>"
    ctype = value.GetType().GetCanonicalType()
    cls = ctype.GetTypeClass()
    if cls & lldb.eTypeClassPointer:
        text = value.GetValue() or "?"
        summary = value.GetSummary() or ""
        # a function pointer's summary names the module ("prog.gcc`f"): not comparable
        summary = re.sub(r"[^\s(]+`", "", summary)
        return f"{text} {summary}" if summary else text
    if cls & (lldb.eTypeClassArray | lldb.eTypeClassStruct | lldb.eTypeClassUnion):
        if depth > 4:
            return "{...}"
        count = value.GetNumChildren()
        parts = []
        for i in range(min(count, MAX_CHILDREN)):
            child = value.GetChildAtIndex(i)
            inner = show(child, depth + 1)
            parts.append(inner if cls & lldb.eTypeClassArray else f"{child.GetName()} = {inner}")
        if count > MAX_CHILDREN:
            parts.append("...")
        return "{" + ", ".join(parts) + "}"
    text = value.GetValue()
    return "<unavailable>" if text is None else text


def _frame_record(frame: Any) -> dict[str, Any]:
    entry = frame.GetLineEntry()
    args = frame.GetVariables(True, False, False, True)
    shown = ", ".join(f"{a.GetName()}={show(a)}" for a in args)
    return {
        "function": frame.GetFunctionName() or "??",
        "args": shown,
        "file": entry.GetFileSpec().GetFilename() or "",
        "line": entry.GetLine(),
    }


class Prober:
    """One target; each action launches a fresh process."""

    def __init__(self, program: str) -> None:
        self.dbg = lldb.SBDebugger.Create(False)
        self.dbg.SetAsync(False)
        self.dbg.HandleCommand("settings set symbols.enable-external-lookup false")
        error = lldb.SBError()
        self.target = self.dbg.CreateTarget(program, None, None, True, error)
        self.process: Any = None

    def start(self, location: str) -> str | None:
        self.target.DeleteAllBreakpoints()
        file_part, _, line_part = location.rpartition(":")
        if file_part and line_part.isdigit():
            bp = self.target.BreakpointCreateByLocation(file_part, int(line_part))
        else:
            bp = self.target.BreakpointCreateByName(location)
        if not bp.IsValid() or bp.GetNumLocations() == 0:
            return f"cannot break at {location}"
        info = lldb.SBLaunchInfo([])
        info.AddOpenFileAction(0, "/dev/null", True, False)
        info.AddOpenFileAction(1, JOB["spec"].get("stdout", "/dev/null"), False, True)
        info.AddDuplicateFileAction(1, 2)
        error = lldb.SBError()
        self.process = self.target.Launch(info, error)
        if not error.Success() or not self.process.IsValid():
            return f"launch failed: {error.GetCString()}"
        with open(JOB["pid_file"], "w", encoding="utf-8") as fh:
            fh.write(str(self.process.GetProcessID()))
        if self.process.GetState() != lldb.eStateStopped:
            return f"program ended before reaching {location}"
        return None

    def thread(self) -> Any:
        return self.process.GetSelectedThread()

    def backtrace(self) -> list[dict[str, Any]]:
        frames: list[dict[str, Any]] = []
        for frame in self.thread().frames:
            frames.append(_frame_record(frame))
            if frame.GetFunctionName() == "main":
                break
        return frames

    def finish(self) -> dict[str, Any]:
        thread = self.thread()
        frame = thread.GetFrameAtIndex(0)
        returns = frame.GetFunction().GetType().GetFunctionReturnType()
        outer = _frame_record(frame)
        caller = thread.GetFrameAtIndex(1).GetLineEntry().GetLine() if thread.GetNumFrames() > 1 else 0
        self.target.DeleteAllBreakpoints()  # a recursive call must not stop the step-out early
        thread.StepOut()
        landed = thread.GetFrameAtIndex(0)
        rec: dict[str, Any] = {
            "from": outer,
            "caller_line": caller,
            "landed": {"function": landed.GetFunctionName() or "??", "line": landed.GetLineEntry().GetLine()},
            "value": None,
            "deref": None,
        }
        if returns.IsValid() and returns.GetBasicType() != lldb.eBasicTypeVoid:
            value = thread.GetStopReturnValue()
            rec["value"] = show(value)
            if value.IsValid() and value.GetType().IsPointerType() and value.GetValueAsUnsigned() != 0:
                pointee = value.GetType().GetPointeeType().GetCanonicalType()
                if pointee.GetBasicType() != lldb.eBasicTypeVoid and not pointee.IsFunctionType():
                    rec["deref"] = show(value.Dereference())
        return rec

    def kill(self) -> None:
        alive = self.process is not None and self.process.IsValid()
        if alive and self.process.GetState() != lldb.eStateExited:
            self.process.Kill()


def main() -> None:
    actions: list[dict[str, str]] = json.loads(os.environ["ATOMC_DBGTEST_ACTIONS"])
    prober = Prober(JOB["spec"]["program"])
    with open(JOB["output"], "w", encoding="utf-8") as out:
        for action in actions:
            rec: dict[str, Any] = {"type": action["kind"], "location": action["location"]}
            error = prober.start(action["location"])
            if error is not None:
                rec["error"] = error
            elif action["kind"] == "bt":
                rec["frames"] = prober.backtrace()
            else:
                rec.update(prober.finish())
            out.write(json.dumps(rec) + "\n")
            out.flush()
            prober.kill()
        out.write(json.dumps(TraceEnd("exited", len(actions)).to_record()) + "\n")
    os._exit(0)  # lldb's teardown is slow and sometimes crashes; nothing is left to flush


if __name__ == "__main__":
    main()
