"""Differential debugger tests: atomc -O0 -g against gcc -O0 -g, same debugger.

Programs declare what to check in ``//!`` header lines (see README.md) and
name lines with atomc_eval's ``//@ label:``; ``//@ watch(E): v`` adds an
expression evaluated at that line.  Traces come from atomc_eval's drivers;
``finish`` and ``bt`` (which those drivers do not record) come from the
probe hosts in this directory, run through atomc_eval's ``run_host``.
"""

from __future__ import annotations

import fcntl
import functools
import json
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec, Stop, Trace, WatchSpec
from atomc_eval.drivers.hostrun import run_host
from atomc_eval.elfinfo import LineTable
from atomc_eval.expectations import Outcome, Parsed, evaluate, parse
from atomc_eval.trace import read_trace, write_trace

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
GDB_PROBE = HERE / "gdb_probe_host.py"
LLDB_PROBE = HERE / "lldb_probe_host.py"
DWARFDUMP = "llvm-dwarfdump-22"
COMPILERS: dict[str, list[str]] = {
    "atomc": [sys.executable, "-m", "atomc", "-O0", "-g"],
    "gcc": ["gcc", "-O0", "-g"],
}
TIME_LIMIT = 30.0

_HEADER = re.compile(r"^//!\s*([a-z]+)\s*(?::\s*(.*))?$")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_KEYS = ("break", "globals", "step", "next", "finish", "bt", "lldb")


class SpecError(ValueError):
    """A malformed ``//!`` header in a test program."""


@dataclass(frozen=True, slots=True)
class Program:
    """One test program and what its header asks to check."""

    path: Path
    parsed: Parsed
    breaks: tuple[str, ...]
    globals: tuple[str, ...]
    steps: tuple[tuple[str, str, int], ...]  # (command, function, count)
    finish: str
    bt: str
    lldb: bool

    @property
    def name(self) -> str:
        return self.path.stem

    def line_of(self, label: str) -> int:
        return self.parsed.labels[label]

    def location(self, target: str) -> str:
        """A label becomes ``file:line``; anything else is a function name."""
        if target in self.parsed.labels:
            return f"{self.path}:{self.line_of(target)}"
        return target

    def watches(self) -> tuple[WatchSpec, ...]:
        return tuple(
            WatchSpec(str(self.path), e.line, e.expr) for e in self.parsed.expectations if e.kind == "watch"
        )


def load_program(path: Path) -> Program:
    """Read a program's ``//!`` header and ``//@`` expectations; SpecError if malformed."""
    text = path.read_text(encoding="utf-8")
    parsed = parse(text, str(path))
    fields: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = _HEADER.match(line.strip())
        if match is None:
            continue
        key, value = match.group(1), (match.group(2) or "").strip()
        if key not in _KEYS or key in fields:
            raise SpecError(f"{path}:{number}: unknown or repeated header '//! {key}'")
        fields[key] = value
    for key in ("break", "step", "next", "finish", "bt"):
        if not fields.get(key):
            raise SpecError(f"{path}: missing header '//! {key}: ...'")
    breaks = tuple(fields["break"].split())
    for label in (*breaks, fields["bt"]):
        if label not in parsed.labels:
            raise SpecError(f"{path}: '{label}' is not a '//@ label:'")
    steps: list[tuple[str, str, int]] = []
    for command in ("step", "next"):
        parts = fields[command].split()
        if len(parts) != 2 or not parts[1].isdigit():
            raise SpecError(f"{path}: '//! {command}: FUNCTION COUNT' expected")
        steps.append((command, parts[0], int(parts[1])))
    return Program(
        path=path,
        parsed=parsed,
        breaks=breaks,
        globals=tuple(fields.get("globals", "").split()),
        steps=tuple(steps),
        finish=fields["finish"],
        bt=fields["bt"],
        lldb="lldb" in fields,
    )


def all_programs() -> list[Program]:
    return [load_program(p) for p in sorted(PROGRAMS.glob("*.c"))]


# --- builds, shared by all xdist workers of a session -------------------------------


@dataclass(frozen=True, slots=True)
class Build:
    binary: Path
    verify_ok: bool
    verify_output: str


def build(program: Program, compiler: str, root: Path) -> Build:
    """Compile once per session (a lock file makes xdist workers share the result)."""
    root.mkdir(parents=True, exist_ok=True)
    binary = root / f"{program.name}.{compiler}"
    report = root / f"{program.name}.{compiler}.verify.json"
    with open(root / f"{program.name}.{compiler}.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not report.exists():
            argv = [*COMPILERS[compiler], str(program.path), "-o", str(binary)]
            done = subprocess.run(argv, capture_output=True, text=True, timeout=300, check=False)
            if done.returncode != 0 or not binary.exists():
                raise AssertionError(f"{compiler} failed on {program.path}:\n{done.stderr[-2000:]}")
            ver = subprocess.run(
                [DWARFDUMP, "--verify", str(binary)], capture_output=True, text=True, timeout=120, check=False
            )
            ok = ver.returncode == 0 and "No errors." in ver.stdout
            text = (ver.stdout + ver.stderr)[-4000:]
            report.write_text(json.dumps({"ok": ok, "output": text}), encoding="utf-8")
        data = json.loads(report.read_text(encoding="utf-8"))
    return Build(binary, bool(data["ok"]), str(data["output"]))


# --- recording -----------------------------------------------------------------------


def break_trace(debugger: str, program: Program, binary: Path) -> Trace:
    """The first stop at every ``break`` label's line, with every variable and the
    program's globals, in one session: each breakpoint is one-shot and the run
    continues from one to the next (`first_stop_at` takes out one label's stop)."""
    locations = tuple(dict.fromkeys(program.location(label) for label in program.breaks))
    spec = RunSpec(
        program=str(binary),
        breakpoints=locations,
        step_command="continue",
        # one continue per breakpoint, then on to the exit; the slack covers stops a
        # signal makes, so that none costs a later label its stop
        step_limit=len(locations) + 16,
        time_limit=TIME_LIMIT,
        source_dirs=(str(PROGRAMS),),
        globals=program.globals,
        watches=program.watches(),
    )
    return get_driver(debugger).trace(spec, config=binary.suffix.lstrip("."), source=str(program.path))


def first_stop_at(trace: Trace, line: int) -> Trace:
    """``trace`` cut to its first breakpoint stop on ``line`` (or to no stop), as a
    session with only that line's breakpoint records it."""
    stop = next((s for s in trace.stops if s.via == "break" and s.line == line), None)
    return replace(trace, stops=() if stop is None else (replace(stop, index=0),))


def step_trace(debugger: str, program: Program, binary: Path, command: str, function: str, count: int) -> Trace:
    """From the first entry into ``function``, ``count`` steps with ``command``."""
    spec = RunSpec(
        program=str(binary),
        breakpoints=(function,),
        step_command=command,  # type: ignore[arg-type]
        step_limit=count,
        time_limit=TIME_LIMIT,
        source_dirs=(str(PROGRAMS),),
        watches=program.watches(),
    )
    return get_driver(debugger).trace(spec, config=binary.suffix.lstrip("."), source=str(program.path))


def cached_trace(root: Path, key: str, record: Callable[[], Trace]) -> Trace:
    """A trace recorded once per session (several tests judge the same one)."""
    store = root / f"{key}.trace.jsonl"
    with open(root / f"{key}.trace.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not store.exists():
            write_trace(record(), store)
        return read_trace(store)


def probe(debugger: str, binary: Path, actions: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Run the finish/bt probe host; one record per action, then the end record."""
    spec = RunSpec(program=str(binary), time_limit=TIME_LIMIT)
    env = {"ATOMC_DBGTEST_ACTIONS": json.dumps(actions)}
    if debugger == "gdb":
        command = ["gdb", "-nx", "-nh", "-batch", "-x", str(GDB_PROBE), "--", str(binary)]
    else:
        from atomc_eval.drivers.lldb_driver import locate

        found = locate()
        if isinstance(found, str):
            raise RuntimeError(found)
        env["ATOMC_EVAL_LLDB_PYTHON"] = found.python_dir
        env["LLDB_DEBUGSERVER_PATH"] = found.server
        command = [sys.executable, str(LLDB_PROBE)]
    records = run_host(command, spec, env)
    end = records[-1]
    if end.get("type") != "end" or end.get("reason") != "exited":
        raise AssertionError(f"{debugger} probe of {binary} failed: {end}")
    return records[:-1]


# --- normalising what the debugger shows ---------------------------------------------


def mask_pointers(text: str) -> str:
    """Raw addresses never compare across builds: keep only null versus non-null."""
    return _HEX.sub(lambda m: m.group(0) if int(m.group(0), 16) == 0 else "<ptr>", text)


def shown(value: str | None, kind: str) -> str:
    if value is None:
        return "<unavailable>"
    if kind == "ptr":
        return "null" if int(value, 16) == 0 else "non-null"
    return mask_pointers(value)


def visible(stop: Stop) -> dict[str, str]:
    """Variables that must agree: parameters, globals, and locals declared above the line.

    A local declared on or below the stop line is in its block's scope but not
    yet initialised, so its bytes are whatever the frame held: not comparable.
    """
    out: dict[str, str] = {}
    for var in stop.variables:
        if var.scope == "local" and var.decl_line >= stop.line:
            continue
        key = var.name if var.scope != "global" else f"global {var.name}"
        out[key] = shown(var.value, var.kind)
    for watch in stop.watches:
        out[f"watch {watch.expr}"] = shown(watch.value, watch.kind)
    return out


def describe_stop(stop: Stop) -> str:
    return f"{stop.function}:{stop.line}"


def compare_break(ref: Trace, got: Trace) -> list[str]:
    """Differences between gcc's (ref) and atomc's (got) first stop at one line."""
    problems: list[str] = []
    if not ref.stops:
        return [f"gcc build never stopped ({ref.end.reason}: {ref.end.detail})"]
    if not got.stops:
        return [f"atomc build never stopped ({got.end.reason}: {got.end.detail})"]
    r, g = ref.stops[0], got.stops[0]
    if (r.function, r.line) != (g.function, g.line):
        problems.append(f"stopped at {describe_stop(g)}, gcc's build at {describe_stop(r)}")
    want, have = visible(r), visible(g)
    for name in sorted(set(want) | set(have)):
        a, b = want.get(name, "<not visible>"), have.get(name, "<not visible>")
        if a != b:
            problems.append(f"{name}: atomc shows {b}, gcc shows {a}")
    return problems


def check_expectations(program: Program, trace: Trace, line: int) -> list[str]:
    """The ``//@ watch`` expectations written on ``line``, judged by atomc_eval."""
    failed: list[str] = []
    outcome: Outcome
    for outcome in evaluate(program.parsed, trace, program.path):
        exp = outcome.expectation
        if exp.kind == "watch" and exp.line == line and not outcome.passed:
            failed.append(f"{exp.describe()}: {outcome.message}")
    return failed


@dataclass(frozen=True, slots=True)
class PathStop:
    function: str
    line: int
    cfa: int  # tells activations apart (recursion); never compared across builds

    def __str__(self) -> str:
        return f"{self.function}:{self.line}"


@functools.lru_cache(maxsize=8)
def _line_table(program: str) -> LineTable:
    return LineTable.from_elf(program)


def step_path(trace: Trace, drop_lines: frozenset[int] = frozenset()) -> list[str]:
    """``function:line`` per stop, normalised for the principled differences.

    * a second stop on a line in the same frame right after the first is merged;
    * a stop that only returns from a callee into the line it was called from
      is dropped: a stop on the line the frame was left on, at a row that
      continues the line of the row before it, or in the middle of a row.
      gdb stops on the rest of a line only if it starts an is_stmt row (gcc
      marks every row is_stmt, atomc one per statement); lldb stops in the
      middle of a row when code of the call's line follows the return
      address (a struct result copied out, say).
      See README.md, "Allowed differences".

    Stops on ``drop_lines`` are left out first.
    """
    table = _line_table(trace.header.program)
    path: list[str] = []
    last: PathStop | None = None
    left_at: dict[tuple[str, int], int] = {}  # frame -> line it was last stopped on
    for stop in trace.stops:
        if stop.line in drop_lines:
            continue
        here = PathStop(stop.function, stop.line, stop.cfa)
        frame = (here.function, here.cfa)
        returned = last is not None and last.cfa < here.cfa
        rows = table.rows_at(stop.addr)
        before = table.covering(stop.addr - 1)
        # in the middle of a row, or at a row that only continues the line before it
        rest_of_line = not rows or (before is not None and before.line == here.line)
        if here != last and not (returned and (rest_of_line or left_at.get(frame) == here.line)):
            path.append(str(here))
        left_at[frame] = here.line
        last = here
    return path


def closing_brace_lines(program: Program) -> frozenset[int]:
    """Lines holding only the ``}`` that ends a function definition (in column 1)."""
    lines = program.path.read_text(encoding="utf-8").splitlines()
    return frozenset(i for i, text in enumerate(lines, start=1) if text.rstrip() == "}")


def brace_after_return_lines(program: Program) -> frozenset[int]:
    """Closing braces of functions whose last statement is a ``return`` (bug B1's lines)."""
    lines = program.path.read_text(encoding="utf-8").splitlines()
    found = set()
    for number in closing_brace_lines(program):
        above = [text.strip() for text in lines[: number - 1] if text.strip()]
        if above and above[-1].startswith("return"):
            found.add(number)
    return frozenset(found)


def compare_paths(ref: list[str], got: list[str], ref_done: bool, got_done: bool) -> str | None:
    """None when atomc's path matches gcc's over their common length, else the divergence."""
    common = min(len(ref), len(got))
    for i in range(common):
        if ref[i] != got[i]:
            lo = max(0, i - 3)
            return (
                f"stop #{i}: atomc at {got[i]}, gcc at {ref[i]}\n"
                f"  gcc:   {' '.join(ref[lo : i + 4])}\n"
                f"  atomc: {' '.join(got[lo : i + 4])}"
            )
    if ref_done != got_done and len(ref) != len(got):
        return f"paths end differently: gcc {len(ref)} stops (ended={ref_done}), atomc {len(got)} (ended={got_done})"
    return None


def normalise_frame(frame: dict[str, Any]) -> str:
    if "raw" in frame:
        return mask_pointers(frame["raw"])
    return f"{frame['function']}({mask_pointers(frame['args'])}) line {frame['line']}"


def compare_records(ref: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """Differences between gcc's and atomc's record of one probe action."""
    if "error" in ref:
        return [f"gcc build: {ref['error']}"]
    if "error" in got:
        return [f"atomc build: {got['error']}"]
    problems: list[str] = []
    if ref["type"] == "bt":
        want = [normalise_frame(f) for f in ref["frames"]]
        have = [normalise_frame(f) for f in got["frames"]]
        if want != have:
            problems.append("backtrace differs:\n  gcc:   " + "\n         ".join(want)
                            + "\n  atomc: " + "\n         ".join(have))
        return problems
    for key in ("value", "deref"):
        a = None if ref[key] is None else mask_pointers(ref[key])
        b = None if got[key] is None else mask_pointers(got[key])
        if a != b:
            problems.append(f"finish {key}: atomc shows {b}, gcc shows {a}")
    if normalise_frame(ref["from"]) != normalise_frame(got["from"]):
        problems.append(f"finish from: atomc {normalise_frame(got['from'])}, gcc {normalise_frame(ref['from'])}")
    # gdb names the call's line when code of it follows the return address, else the
    # next line: which one depends on code after the call (a struct result copied
    # out, say), not on debug info, so the call's own line is accepted too.
    allowed = (ref["landed"], {"function": ref["landed"]["function"], "line": got.get("caller_line")})
    if got["landed"] not in allowed:
        problems.append(f"finish landed: atomc at {got['landed']}, gcc at {ref['landed']}")
    return problems


def probe_cached(debugger: str, program: Program, compiler: str, built: Build, root: Path) -> dict[str, Any]:
    """The ``finish`` and ``bt`` records of one build, probed once per session."""
    store = root / f"{program.name}.{compiler}.{debugger}.probe.json"
    with open(root / f"{program.name}.{compiler}.{debugger}.probe.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not store.exists():
            actions = [
                {"kind": "finish", "location": program.location(program.finish)},
                {"kind": "bt", "location": program.location(program.bt)},
            ]
            records = probe(debugger, built.binary, actions)
            store.write_text(json.dumps({r["type"]: r for r in records}), encoding="utf-8")
        return json.loads(store.read_text(encoding="utf-8"))


# --- atomc debug-info bugs this suite found (reasons for strict xfails) -------------

BUG_NO_CLOSING_BRACE = (
    "atomc bug: in a function whose last statement is 'return', the epilogue carries the return "
    "statement's line (not is_stmt) and the closing '}' gets no row, so step/next never stop on that "
    "'}' as they do in gcc's build"
)

BUG_ENTRY_ROW_COLUMN = (
    "atomc bug: the first line-table row of every function (its entry address) has column 0, "
    "so lldb names a function address 'f at file.c:21' where gcc's build gives 'file.c:21:33'"
)

# Cases that fail only because of a bug above: (debugger, test, case id) -> reason.
KNOWN_BUGS: dict[tuple[str, str, str], str] = {
    ("lldb", "finish", "p11_funcptr"): BUG_ENTRY_ROW_COLUMN,
}


def known_bug(debugger: str, test: str, case: str) -> list[pytest.MarkDecorator]:
    """A strict xfail for a case that fails only because of a reported atomc bug."""
    reason = KNOWN_BUGS.get((debugger, test, case))
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
