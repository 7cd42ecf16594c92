"""Run a debugger host process under a watchdog, then finish its trace.

Shared by both drivers: the host records raw stops; this side enforces the
time limit from outside (a step that never returns is interrupted with
SIGINT, a host that never exits is killed), then annotates every stop with
``is_stmt`` and column from the executable's line table.
"""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from atomc_eval.drivers.base import RunSpec, Stop, Trace, TraceEnd, TraceHeader
from atomc_eval.elfinfo import ELF_ERRORS, LineTable, ProgramInfo

SRC_ROOT = str(Path(__file__).resolve().parents[2])
STARTUP_GRACE = 1.5  # seconds the host may spend loading before its clock matters
KILL_GRACE = 8.0  # seconds after the interrupt before the host is killed


def _pid_is_program(pid: int, program: str) -> bool:
    try:
        return os.path.realpath(f"/proc/{pid}/exe") == os.path.realpath(program)
    except OSError:
        return False


def _signal_inferior(pid_file: Path, program: str, signum: int) -> None:
    try:
        pid = int(pid_file.read_text().strip() or 0)
    except ELF_ERRORS:
        return
    if pid > 0 and _pid_is_program(pid, program):
        try:
            os.kill(pid, signum)
        except OSError:
            pass


def run_host(command: list[str], spec: RunSpec, extra_env: dict[str, str]) -> list[dict[str, Any]]:
    """Run ``command`` (a host) on ``spec``; return its records, always ending in "end"."""
    with tempfile.TemporaryDirectory(prefix="atomc-eval-") as tmp:
        tmpdir = Path(tmp)
        output, pid_file, log_path = tmpdir / "raw.jsonl", tmpdir / "pid", tmpdir / "host.log"
        job = {
            "spec": spec.to_json(),
            "output": str(output),
            "pid_file": str(pid_file),
            "src_root": SRC_ROOT,
        }
        job_path = tmpdir / "job.json"
        job_path.write_text(json.dumps(job), encoding="utf-8")
        env = dict(os.environ)
        env.update(extra_env)
        env["ATOMC_EVAL_JOB"] = str(job_path)
        timed_out = False
        with open(log_path, "w", encoding="utf-8") as log:
            proc = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
            )
            try:
                proc.wait(timeout=spec.time_limit + STARTUP_GRACE)
            except subprocess.TimeoutExpired:
                timed_out = True
                _signal_inferior(pid_file, spec.program, signal.SIGINT)
                try:
                    proc.wait(timeout=KILL_GRACE)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
        _signal_inferior(pid_file, spec.program, signal.SIGKILL)  # never leave it running
        records = _read_records(output)
        if not records or records[-1].get("type") != "end":
            steps = sum(1 for r in records if r.get("type") == "stop")
            tail = log_path.read_text(encoding="utf-8", errors="replace")[-600:].strip()
            reason = "timeout" if timed_out else "error"
            detail = (
                "debugger did not finish" if timed_out else f"host exited {proc.returncode}: {tail}"
            )
            records.append(TraceEnd(reason, steps, detail=detail).to_record())
        return records


def _read_records(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    records: list[dict[str, Any]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            break  # a host killed mid-write leaves a partial last line
    return records


def annotate(stops: list[Stop], table: LineTable) -> list[Stop]:
    """Fill ``is_stmt`` (and a missing column) from the line table."""
    done: list[Stop] = []
    for stop in stops:
        row = table.covering(stop.addr)
        column = stop.column or (row.column if row is not None and row.line == stop.line else 0)
        done.append(dataclasses.replace(stop, is_stmt=table.is_stmt_at(stop.addr), column=column))
    return done


def build_trace(
    records: list[dict[str, Any]],
    spec: RunSpec,
    debugger: str,
    debugger_version: str,
    config: str,
    source: str,
) -> Trace:
    """Turn host records into an annotated Trace with a header."""
    stops = [Stop.from_record(r) for r in records if r.get("type") == "stop"]
    end = TraceEnd.from_record(records[-1])
    try:
        info = ProgramInfo.from_elf(spec.program)
        stops = annotate(stops, LineTable.from_elf(spec.program))
    except ELF_ERRORS as exc:  # not an ELF we can read: keep the stops unannotated
        info = ProgramInfo((), {})
        end = dataclasses.replace(
            end, detail=(end.detail + f"; line table unreadable: {exc}").lstrip("; ")
        )
    header = TraceHeader(
        program=spec.program,
        debugger=debugger,
        debugger_version=debugger_version,
        config=config,
        source=source,
        args=spec.args,
        breakpoints=spec.breakpoints,
        step_command=spec.step_command,
        function_lines=info.function_lines,
    )
    return Trace(header, tuple(stops), end)


def default_source_dirs(spec: RunSpec) -> RunSpec:
    """Fill ``source_dirs`` from the executable's compile units when not given."""
    if spec.source_dirs:
        return spec
    try:
        dirs = ProgramInfo.from_elf(spec.program).source_dirs
    except ELF_ERRORS:
        dirs = ()
    return dataclasses.replace(spec, source_dirs=dirs)
