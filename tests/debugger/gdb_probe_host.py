"""Runs inside gdb: the `finish` and `bt` probes atomc_eval's gdb driver lacks.

Started by :func:`dbgtest_support.probe` through atomc_eval's ``run_host``
(``gdb -batch -x gdb_probe_host.py -- PROGRAM``), so it shares that driver's
job file, watchdog and end record.  ``ATOMC_DBGTEST_ACTIONS`` holds a JSON
list of actions; each one restarts the program, stops at its location, and
records what gdb *shows* there (text, not addresses: the outer side masks
pointers).  Stdlib and gdb only: this is gdb's embedded Python.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any

import gdb  # type: ignore[import-not-found]  # only exists inside gdb

with open(os.environ["ATOMC_EVAL_JOB"], encoding="utf-8") as _fh:
    JOB: dict[str, Any] = json.load(_fh)
if JOB["src_root"] not in sys.path:
    sys.path.insert(0, JOB["src_root"])

from atomc_eval.drivers.base import TraceEnd

SETTINGS = (
    "set pagination off",
    "set confirm off",
    "set width 0",
    "set height 0",
    "set breakpoint pending off",
    "set debuginfod enabled off",
    "set print frame-arguments all",
    "set print entry-values no",
    "set filename-display basename",
)
FRAME_LINE = re.compile(r"^#(\d+)\s+(?:0x[0-9a-f]+ in )?(\S+) \((.*)\) at (\S+):(\d+)$")


def _start(location: str) -> str | None:
    """(Re)run the program to the first hit of ``location``; an error text or None."""
    gdb.execute("delete", to_string=True)
    try:
        gdb.Breakpoint(location, internal=False)
    except gdb.error as exc:
        return f"cannot break at {location}: {exc}"
    stdout = JOB["spec"].get("stdout", "/dev/null")
    gdb.execute(f"run < /dev/null > {stdout} 2>&1", to_string=True)
    inferior = gdb.selected_inferior()
    if inferior is None or inferior.pid == 0:
        return f"program ended before reaching {location}"
    with open(JOB["pid_file"], "w", encoding="utf-8") as fh:
        fh.write(str(inferior.pid))
    return None


def _backtrace() -> list[dict[str, Any]]:
    """gdb's own ``bt`` text, one dict per frame (lines it cannot parse kept raw)."""
    frames: list[dict[str, Any]] = []
    for text in gdb.execute("bt", to_string=True).splitlines():
        match = FRAME_LINE.match(text.strip())
        if match is None:
            frames.append({"raw": text.strip()})
            continue
        frames.append(
            {
                "function": match.group(2),
                "args": match.group(3),
                "file": match.group(4),
                "line": int(match.group(5)),
            }
        )
    return frames


def _where() -> dict[str, Any]:
    frame = gdb.selected_frame()
    sal = frame.find_sal()
    return {"function": frame.name() or "??", "line": int(sal.line)}


def _finish() -> dict[str, Any]:
    """``finish``; the value gdb reports as "Value returned is $N = ..."."""
    frame = gdb.selected_frame()
    function = frame.function()
    returns_void = function is None or function.type.target().code == gdb.TYPE_CODE_VOID
    frames = _backtrace()
    caller = frames[1].get("line", 0) if len(frames) > 1 else 0
    gdb.execute("delete", to_string=True)  # a recursive call must not stop the finish early
    gdb.execute("finish", to_string=True)
    rec: dict[str, Any] = {"from": frames[0], "caller_line": caller, "landed": _where(), "value": None, "deref": None}
    if not returns_void:
        value = gdb.history(0)
        rec["value"] = str(value)
        target = value.type.strip_typedefs()
        if target.code == gdb.TYPE_CODE_PTR and int(value) != 0:
            pointee = target.target().strip_typedefs().code
            if pointee not in (gdb.TYPE_CODE_VOID, gdb.TYPE_CODE_FUNC):
                try:
                    rec["deref"] = str(value.dereference())
                except gdb.error as exc:
                    rec["deref"] = f"<error: {exc}>"
    return rec


def main() -> None:
    actions: list[dict[str, str]] = json.loads(os.environ["ATOMC_DBGTEST_ACTIONS"])
    for setting in SETTINGS:
        try:
            gdb.execute(setting, to_string=True)
        except gdb.error:
            pass  # an older gdb lacks some settings; none changes what is compared
    done = 0
    with open(JOB["output"], "w", encoding="utf-8") as out:
        end = TraceEnd("exited", 0)
        for action in actions:
            rec: dict[str, Any] = {"type": action["kind"], "location": action["location"]}
            try:
                error = _start(action["location"])
                if error is not None:
                    rec["error"] = error
                elif action["kind"] == "bt":
                    rec["frames"] = _backtrace()
                else:
                    rec.update(_finish())
            except gdb.error as exc:
                rec["error"] = f"gdb: {exc}"
            out.write(json.dumps(rec) + "\n")
            out.flush()
            done += 1
            if gdb.selected_inferior().pid != 0:
                gdb.execute("kill", to_string=True)
        end = TraceEnd("exited", done)
        out.write(json.dumps(end.to_record()) + "\n")


main()
