"""Runs inside gdb (`gdb -batch -x gdb_lines_probe.py`): one breakpoint per
requested source line, then the program to its end; each breakpoint is
deleted at its first hit. Writes a JSON report to $OPTDEBUG_OUT:

  resolved: {line: [lines gdb placed that breakpoint's locations at]}
  stops:    [{line asked, line shown, function, inlined?, caller function and line}]

Job: a JSON file named by $OPTDEBUG_JOB with exe, source (base name), lines,
functions (inlined callees to break on by name) and max_stops.
"""

from __future__ import annotations

import json
import os
import re

import gdb  # type: ignore[import-not-found]

job = json.load(open(os.environ["OPTDEBUG_JOB"]))
gdb.execute("set confirm off")
gdb.execute("set pagination off")
gdb.execute("set breakpoint pending off")
gdb.execute(f"file {job['exe']}")

by_number: dict[int, str] = {}
for line in job["lines"]:
    try:
        bp = gdb.Breakpoint(f"{job['source']}:{line}", internal=False)
    except gdb.error:
        continue
    by_number[bp.number] = f"line:{line}"
for fn in job["functions"]:
    try:
        bp = gdb.Breakpoint(fn, internal=False)
    except gdb.error:
        continue
    by_number[bp.number] = f"func:{fn}"

resolved: dict[str, list[int]] = {}
listing = gdb.execute("info breakpoints", to_string=True)
current: int | None = None
for text in listing.splitlines():
    m = re.match(r"^(\d+)(?:\.\d+)?\s", text)
    if m:
        current = int(m.group(1))
    if current is None or current not in by_number:
        continue
    for at in re.finditer(r" at \S*?([^/\s]+):(\d+)\s*$", text):
        if at.group(1) == job["source"]:
            resolved.setdefault(by_number[current], []).append(int(at.group(2)))

stops: list[dict] = []
hit: list[int] = []


def on_stop(event: object) -> None:
    bps = getattr(event, "breakpoints", None)
    if bps:
        hit.extend(b.number for b in bps)


gdb.events.stop.connect(on_stop)
gdb.execute("run", to_string=True)
while gdb.selected_inferior().pid and len(stops) < job["max_stops"]:
    if hit:
        frame = gdb.newest_frame()
        sal = frame.find_sal()
        older = frame.older()
        inlined = frame.type() == gdb.INLINE_FRAME
        for n in hit:
            stops.append({
                "asked": by_number.get(n, "?"),
                "line": sal.line,
                "function": frame.name(),
                "inlined": inlined,
                "caller": older.name() if older is not None else None,
                "caller_line": older.find_sal().line if older is not None else None,
            })
            gdb.execute(f"delete {n}")
        hit.clear()
    try:
        gdb.execute("continue", to_string=True)
    except gdb.error:
        break

with open(os.environ["OPTDEBUG_OUT"], "w") as f:
    json.dump({"resolved": resolved, "stops": stops}, f)
gdb.execute("kill", to_string=True) if gdb.selected_inferior().pid else None
