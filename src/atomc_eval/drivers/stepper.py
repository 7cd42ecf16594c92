"""The stepping policy shared by every debugger.

Runs inside the debugger's process (gdb's embedded Python or the lldb host),
so a trace is recorded without a round trip per step.  Stdlib only.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

from atomc_eval.drivers.base import (
    FATAL_SIGNALS,
    INTERRUPT_SIGNAL,
    DebuggerSession,
    RunSpec,
    Status,
    TraceEnd,
)

Emit = Callable[[dict[str, Any]], None]


def _ended(status: Status, steps: int, timed_out: bool) -> TraceEnd | None:
    """The end record implied by ``status``, or None if stepping can go on."""
    if status.state == "exited":
        return TraceEnd("exited", steps, exit_code=status.exit_code)
    if status.state == "signalled":
        return TraceEnd("signal", steps, signal=status.signal, detail="program terminated")
    if status.state == "error":
        return TraceEnd("error", steps, detail=status.detail)
    if status.signal == INTERRUPT_SIGNAL or timed_out:
        return TraceEnd("timeout", steps, detail="time limit reached")
    return None


def record_trace(
    session: DebuggerSession,
    spec: RunSpec,
    emit: Emit,
    clock: Callable[[], float] = time.monotonic,
) -> TraceEnd:
    """Step from the first breakpoint until the program ends or a limit hits (with
    ``continue``, run on to each other breakpoint's first hit instead of stepping).

    Stops outside the program's sources are never recorded: the policy steps
    back out (``finish``) when a program frame is below, else continues.
    """
    deadline = clock() + spec.time_limit
    steps = 0
    index = 0
    via = "break"
    end: TraceEnd | None = None
    try:
        status = session.start(spec)
        while end is None:
            end = _ended(status, steps, clock() > deadline)
            if end is not None:
                break
            here = session.in_program()
            if status.signal in FATAL_SIGNALS:
                if here:
                    emit(session.snapshot(index, "signal", spec).to_record())
                end = TraceEnd("signal", steps, signal=status.signal, detail="program crashed")
                break
            if here:
                emit(session.snapshot(index, via, spec).to_record())
                index += 1
                if spec.scribble:
                    session.scribble_stack(spec.scribble)
            if steps >= spec.step_limit:
                end = TraceEnd("step-limit", steps, detail=f"{spec.step_limit} steps")
                break
            steps += 1
            if here and spec.step_command == "continue":
                via = "break"  # the next stop is the first hit of another breakpoint
                status = session.cont()
            elif here:
                via = spec.step_command
                status = session.step() if via == "step" else session.next()
            elif session.caller_in_program():
                via = "finish"
                status = session.finish()
            else:
                via = "break"
                status = session.cont()
    except Exception as exc:  # noqa: BLE001  (a debugger API failure must still end the trace cleanly)
        end = TraceEnd("error", steps, detail=f"{type(exc).__name__}: {exc}")
    with contextlib.suppress(Exception):  # the inferior may already be gone
        session.kill()
    emit(end.to_record())
    return end


def record_job(session: DebuggerSession, job: dict[str, Any]) -> None:
    """Trace the run a host's job file describes into the job's output file, a JSON
    record a line (what every debugger host does once its session is up)."""
    spec = RunSpec.from_json(job["spec"])
    with open(job["output"], "w", encoding="utf-8") as out:

        def emit(record: dict[str, Any]) -> None:
            out.write(json.dumps(record) + "\n")
            out.flush()

        record_trace(session, spec, emit)
