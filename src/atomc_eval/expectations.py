"""Debugger expectations written in C comments, Dexter-style.

Syntax (one or more per line, each starting with ``//@``)::

    sum += i;            //@ watch(i): 0 1 2 3
    x = f(y);            //@ step-order: 1
    return x;            //@ step-order: 2 4      (reached 2nd and again 4th)
    for (;;) {           //@ label: head
    //@ watch(n) at head: 3 2 1                 (a comment-only line must say "at")
    abort();             //@ unreachable

Semantics, decided so that optimised builds are judged fairly:

* ``watch(E): v1 v2 ...`` - at stops on the line, ``E`` must take the listed
  values in that order.  Consecutive equal observations are collapsed (a line
  is often stopped on twice) and other values may come between (Dexter's
  DexExpectWatchValue): the list must be a subsequence of what was seen.
  List a value twice only if it must recur after a different one.
  Optimized-out observations are reported, never matched.
* ``step-order: N ...`` - the ordered lines must be reached in increasing N:
  the lines sorted by N must appear as a subsequence of the stops on ordered
  lines (consecutive stops on one line counted once).  Each N is used once.
* ``label: NAME`` names its line for ``at NAME``; names are unique.
* ``unreachable`` - no stop may ever be on the line.

:func:`check_file` compiles, traces and evaluates; :func:`evaluate` judges an
existing trace, so compiler tests can call either from Python.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from atomc_eval.build import compile_c
from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec, Stop, Trace, TraceEnd, WatchSpec

Kind = Literal["watch", "step-order", "unreachable"]
DEFAULT_CC = "gcc -O0 -g"

_MARK = "//@"
_ITEM = re.compile(
    r"^(?P<kind>[a-z][a-z-]*)"
    r"(?:\((?P<arg>.*)\))?"
    r"(?:\s+at\s+(?P<at>[A-Za-z_]\w*))?"
    r"\s*(?::\s*(?P<rest>.*))?$"
)


class ExpectationError(ValueError):
    """A malformed expectation comment (message says file:line)."""


@dataclass(frozen=True, slots=True)
class Expectation:
    """One checkable expectation, already resolved to the line it is about."""

    kind: Kind
    written_at: int
    line: int
    expr: str = ""
    values: tuple[str, ...] = ()
    orders: tuple[int, ...] = ()

    def describe(self) -> str:
        if self.kind == "watch":
            return f"watch({self.expr}) line {self.line}: {' '.join(self.values)}"
        if self.kind == "step-order":
            return f"step-order line {self.line}: {' '.join(map(str, self.orders))}"
        return f"unreachable line {self.line}"


@dataclass(frozen=True, slots=True)
class Parsed:
    """All expectations of a file plus its labels."""

    expectations: tuple[Expectation, ...]
    labels: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Raw:
    kind: str
    written_at: int
    code_line: bool
    arg: str | None
    at: str | None
    rest: str | None


def _split_items(text: str) -> list[str]:
    start = text.find(_MARK)
    if start < 0:
        return []
    return [part.strip() for part in text[start + len(_MARK) :].split(_MARK)]


def _raw_items(text: str, origin: str) -> list[_Raw]:
    items: list[_Raw] = []
    for number, line in enumerate(text.splitlines(), start=1):
        parts = _split_items(line)
        if not parts:
            continue
        code_line = bool(line[: line.find("//")].strip())
        for part in parts:
            match = _ITEM.match(part)
            if match is None:
                raise ExpectationError(f"{origin}:{number}: cannot parse expectation '//@ {part}'")
            items.append(
                _Raw(match["kind"], number, code_line, match["arg"], match["at"], match["rest"])
            )
    return items


def _values(rest: str, where: str) -> tuple[str, ...]:
    tokens = re.findall(r"'(?:\\.|[^'])'|\S+", rest)
    if not tokens:
        raise ExpectationError(f"{where}: watch needs at least one value")
    out: list[str] = []
    for tok in tokens:
        if len(tok) >= 3 and tok[0] == tok[-1] == "'":
            body = tok[1:-1].encode().decode("unicode_escape")
            out.append(str(ord(body)))
        else:
            out.append(tok)
    return tuple(out)


def parse(text: str, origin: str = "<source>") -> Parsed:
    """Read every ``//@`` expectation; raise ExpectationError on any mistake."""
    raws = _raw_items(text, origin)
    labels: dict[str, int] = {}
    for raw in raws:
        if raw.kind != "label":
            continue
        where = f"{origin}:{raw.written_at}"
        name = (raw.rest or "").strip()
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            raise ExpectationError(f"{where}: label needs a name, like '//@ label: loop'")
        if name in labels:
            raise ExpectationError(f"{where}: label '{name}' already names line {labels[name]}")
        if not raw.code_line:
            raise ExpectationError(f"{where}: a label must be on a line of code")
        labels[name] = raw.written_at
    found: list[Expectation] = []
    seen_orders: dict[int, int] = {}
    for raw in raws:
        where = f"{origin}:{raw.written_at}"
        if raw.kind == "label":
            continue
        if raw.at is not None:
            if raw.at not in labels:
                raise ExpectationError(f"{where}: unknown label '{raw.at}'")
            target = labels[raw.at]
        elif raw.code_line:
            target = raw.written_at
        else:
            raise ExpectationError(f"{where}: on a comment-only line, say which line: 'at LABEL'")
        if raw.kind == "watch":
            if not raw.arg or not raw.arg.strip():
                raise ExpectationError(f"{where}: watch needs an expression, like 'watch(i): 0 1'")
            found.append(
                Expectation(
                    "watch", raw.written_at, target, raw.arg.strip(), _values(raw.rest or "", where)
                )
            )
        elif raw.kind == "step-order":
            try:
                orders = tuple(int(t) for t in (raw.rest or "").split())
            except ValueError:
                raise ExpectationError(f"{where}: step-order takes whole numbers") from None
            if not orders:
                raise ExpectationError(f"{where}: step-order needs a number, like 'step-order: 1'")
            for order in orders:
                if order in seen_orders:
                    raise ExpectationError(
                        f"{where}: step-order {order} already used on line {seen_orders[order]}"
                    )
                seen_orders[order] = raw.written_at
            found.append(Expectation("step-order", raw.written_at, target, orders=orders))
        elif raw.kind == "unreachable":
            if raw.rest or raw.arg:
                raise ExpectationError(f"{where}: unreachable takes no arguments")
            found.append(Expectation("unreachable", raw.written_at, target))
        else:
            raise ExpectationError(
                f"{where}: unknown expectation '{raw.kind}' "
                "(use watch, step-order, label, unreachable)"
            )
    return Parsed(tuple(found), labels)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The verdict on one expectation, with the evidence."""

    expectation: Expectation
    passed: bool
    message: str


def _same_file(stop_file: str, source: str) -> bool:
    if not stop_file:
        return False
    if os.path.realpath(stop_file) == os.path.realpath(source):
        return True
    return not os.path.isabs(stop_file) and os.path.basename(stop_file) == os.path.basename(source)


def same_value(expected: str, observed: str) -> bool:
    """Expected tokens may be written as ints in any base, floats or chars."""
    if expected == observed:
        return True
    try:
        return int(expected, 0) == int(observed, 0)
    except ValueError:
        pass
    try:
        a, b = float(expected), float(observed)
    except ValueError:
        return False
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def _observed(stop: Stop, expr: str) -> tuple[bool, str | None]:
    for watch in stop.watches:
        if watch.expr == expr:
            return True, watch.value
    for var in stop.variables:
        if var.name == expr:
            return True, var.value
    return False, None


def _check_watch(exp: Expectation, stops: list[Stop]) -> Outcome:
    here = [s for s in stops if s.line == exp.line]
    if not here:
        return Outcome(exp, False, f"never stopped on line {exp.line}")
    seen: list[str] = []
    unavailable = 0
    for stop in here:
        known, value = _observed(stop, exp.expr)
        if not known or value is None:
            unavailable += 1
        elif not seen or seen[-1] != value:
            seen.append(value)
    matched = 0
    for value in seen:
        if matched < len(exp.values) and same_value(exp.values[matched], value):
            matched += 1
    note = f"; {unavailable} of {len(here)} stops had no value" if unavailable else ""
    shown = " ".join(seen) if seen else "no values"
    if matched == len(exp.values):
        return Outcome(exp, True, f"saw {shown}{note}")
    return Outcome(exp, False, f"missing {' '.join(exp.values[matched:])} (saw {shown}){note}")


def _check_unreachable(exp: Expectation, stops: list[Stop]) -> Outcome:
    hits = [s for s in stops if s.line == exp.line]
    if not hits:
        return Outcome(exp, True, "never stopped there")
    return Outcome(exp, False, f"stopped there {len(hits)} time(s), first at stop #{hits[0].index}")


def _check_step_orders(exps: list[Expectation], stops: list[Stop]) -> list[Outcome]:
    if not exps:
        return []
    ordered_lines = {e.line for e in exps}
    walk: list[int] = []
    for stop in stops:
        if stop.line in ordered_lines and (not walk or walk[-1] != stop.line):
            walk.append(stop.line)
    wanted = sorted((order, e) for e in exps for order in e.orders)
    matched: set[int] = set()
    pos = 0
    for order, exp in wanted:
        found = next((i for i in range(pos, len(walk)) if walk[i] == exp.line), None)
        if found is None:
            continue  # missed; later orders are still looked for after the last match
        matched.add(order)
        pos = found + 1
    path = " ".join(map(str, walk)) or "none"
    outcomes: list[Outcome] = []
    for exp in exps:
        missing = [o for o in exp.orders if o not in matched]
        if missing:
            msg = (f"order {missing[0]} not reached after the orders before it; "
                   f"ordered lines were reached as: {path}")
            outcomes.append(Outcome(exp, False, msg))
        else:
            outcomes.append(Outcome(exp, True, f"reached in order ({path})"))
    return outcomes


def evaluate(parsed: Parsed, trace: Trace, source: str | Path) -> list[Outcome]:
    """Judge every expectation against a trace of a build of ``source``."""
    stops = [s for s in trace.stops if _same_file(s.file, str(source))]
    orders = [e for e in parsed.expectations if e.kind == "step-order"]
    ordered = iter(_check_step_orders(orders, stops))  # same order as in the file
    outcomes: list[Outcome] = []
    for exp in parsed.expectations:
        if exp.kind == "watch":
            outcomes.append(_check_watch(exp, stops))
        elif exp.kind == "unreachable":
            outcomes.append(_check_unreachable(exp, stops))
        else:
            outcomes.append(next(ordered))
    return outcomes


@dataclass(frozen=True, slots=True)
class CheckReport:
    """Outcome of ``atomc-dbgeval check``: one verdict per expectation."""

    source: str
    cc: str
    debugger: str
    outcomes: tuple[Outcome, ...]
    end: TraceEnd
    labels: dict[str, int]

    @property
    def passed(self) -> bool:
        return self.end.reason != "error" and all(o.passed for o in self.outcomes)

    def render(self) -> str:
        lines = [
            f"{self.source}: {len(self.outcomes)} expectation(s), cc '{self.cc}', {self.debugger}"
        ]
        for outcome in self.outcomes:
            verdict = "PASS" if outcome.passed else "FAIL"
            lines.append(f"  {verdict}  {outcome.expectation.describe()} -- {outcome.message}")
        end = self.end
        why = end.reason if end.reason != "exited" else f"exited {end.exit_code}"
        lines.append(f"  trace: {why}{': ' + end.detail if end.detail else ''}")
        failed = sum(1 for o in self.outcomes if not o.passed)
        lines.append(f"{len(self.outcomes) - failed} passed, {failed} failed")
        return "\n".join(lines)


def check_file(
    source: str | Path,
    cc: str = DEFAULT_CC,
    debugger: str = "gdb",
    *,
    args: tuple[str, ...] = (),
    stdin: str = "/dev/null",
    step_limit: int = 5000,
    time_limit: float = 30.0,
) -> CheckReport:
    """Compile ``source`` with ``cc``, trace it from main, judge its expectations.

    Raises ExpectationError for malformed comments and BuildError if the
    compile fails; any debugger trouble shows up as the report's trace end.
    """
    src = Path(source).resolve()
    parsed = parse(src.read_text(encoding="utf-8"), str(source))
    watches = tuple(
        WatchSpec(str(src), e.line, e.expr) for e in parsed.expectations if e.kind == "watch"
    )
    with tempfile.TemporaryDirectory(prefix="atomc-check-") as tmp:
        binary = compile_c(cc, src, Path(tmp) / src.stem)
        spec = RunSpec(
            program=str(binary),
            args=args,
            stdin=stdin,
            step_limit=step_limit,
            time_limit=time_limit,
            source_dirs=(str(src.parent),),
            watches=watches,
        )
        trace = get_driver(debugger).trace(spec, config=cc, source=str(src))
    return CheckReport(
        str(source), cc, debugger, tuple(evaluate(parsed, trace, src)), trace.end, parsed.labels
    )
