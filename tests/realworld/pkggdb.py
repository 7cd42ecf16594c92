"""The gdb check of a built package: gdb stops in one of its core functions, `next`s
through it and prints its arguments, locals and watched expressions (`gdb_steps.py`),
and the session is compared with the same session on gcc -O0's build.

Everywhere: the breakpoint is hit in this build's copy of the function, `next` stays
in the function for MIN_STOPS stops, and no value is a gdb error; the arguments at the
breakpoint equal gcc -O0's (at -O2: or are `<optimized out>`).
* At -O0 the walk follows gcc -O0's lines for at least MIN_SAME_LINES stops (where a
  breakpoint lands after the prologue, and the line of a loop's back edge, are each
  compiler's choice, so the walks are compared up to where they part); up to there,
  the argument and local names are gcc's and the watched expressions print gcc's
  values.
* At -O2 the watched values at any line both walks visit exactly once equal gcc -O0's
  there or are `<optimized out>`.

Addresses differ between any two builds, so values are compared with every non-null
hex number replaced (`0x...`); what gdb prints after an address (a string, a
function name) is still compared.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections import Counter
from pathlib import Path

from pkgbuild import PackageBuild
from recipe import GdbCheck

HERE = Path(__file__).parent
OPTIMIZED_OUT = "<optimized out>"
MIN_STOPS = 3        # the breakpoint and at least two `next`s inside the function
MIN_SAME_LINES = 4   # -O0: stops after the breakpoint at the lines gcc -O0 stops at


def gdb_session(built: PackageBuild, out: Path) -> dict:
    """Run the recipe's gdb walk on `built`; the JSON record gdb_steps.py wrote."""
    check = built.recipe.gdb
    run = " ".join(check.args)
    if check.stdin:
        run += f" < {check.stdin}"
    run += " > /dev/null"
    stop_at = f"{check.file}:{stop_line(built.dir, check)}" if check.stop_at else ""
    env = dict(os.environ, GDB_FUNCTION=check.function, GDB_WATCH=json.dumps(check.watch),
               GDB_NEXTS=str(check.nexts), GDB_RUN=run, GDB_OUT=str(out), GDB_STOP_AT=stop_at,
               LD_LIBRARY_PATH=":".join(str(built.dir / d) for d in check.libdirs))
    out.unlink(missing_ok=True)
    r = subprocess.run(["gdb", "-nx", "-nh", "-batch", "-x", str(HERE / "gdb_steps.py"), "--",
                        str(built.dir / check.program)], cwd=built.dir, env=env,
                       capture_output=True, text=True, timeout=600)
    if not out.exists():
        return {"stops": [], "problems": [f"gdb wrote nothing:\n{r.stdout[-2000:]}\n"
                                          f"{r.stderr[-2000:]}"]}
    return json.loads(out.read_text())


def stop_line(root: Path, check: GdbCheck) -> int:
    """The line `stop_at` names: where its one match in `check.file` ends (a pattern may
    span lines, to name a line that is not unique by itself)."""
    text = (root / check.file).read_text(errors="replace")
    found = [text.count("\n", 0, m.end()) + 1 for m in re.finditer(check.stop_at, text, re.M)]
    if len(found) != 1:
        raise ValueError(f"{check.file}: /{check.stop_at}/ matches lines {found}, not one")
    return found[0]


def normal(v: str) -> str:
    return re.sub(r"\b0x0*[1-9a-f][0-9a-f]*\b", "0x...", v)


def compare(mine: dict, ref: dict, level: str, built: PackageBuild) -> list[str]:
    """What is wrong with `mine` (the build at `level`) against gcc -O0's walk `ref`."""
    check = built.recipe.gdb
    fn = check.function
    bad = list(mine["problems"])
    stops, want = mine["stops"], ref["stops"]
    if not want or ref["problems"]:
        return [f"gcc -O0's build gave no walk to compare with: {ref['problems']}"]
    if not stops:
        return bad or [f"gdb never stopped in {fn}"]
    entry = stops[0]
    if entry["func"] != fn:
        bad.append(f"the breakpoint stopped in {entry['func']}, not {fn}")
    if not str(entry["objfile"] or "").startswith(str(built.root)):
        bad.append(f"{fn} ran from {entry['objfile']}, not from this build")
    if len(stops) < MIN_STOPS:
        bad.append(f"`next` left {fn} after {len(stops) - 1} steps")
    # the watched values are defined from the stop_at line on (or from the entry)
    first = 1 if check.stop_at else 0
    for i, s in enumerate(stops):
        shown = [*s["args"].items(), *s["locals"].items()]
        for name, v in shown + (list(s["values"].items()) if i >= first else []):
            if v.startswith("error:") or name == "<error>":
                bad.append(f"{_where(s)}: {name}: {v}")
    pairs = [(entry, want[0], "args")]
    if level == "O0":
        # Where the breakpoint lands after the prologue is each compiler's choice (gcc
        # puts a stack-protector prologue on the `{` line), and so is the line of a
        # loop's back edge: the walks are compared up to the first stop where they part,
        # which must not come before MIN_SAME_LINES stops.
        same = 1
        while same < min(len(stops), len(want)) and stops[same]["line"] == want[same]["line"]:
            same += 1
        if same < min(MIN_SAME_LINES + 1, len(want)):
            bad.append(f"lines {[s['line'] for s in stops[1:]]}, gcc -O0 stops at "
                       f"{[w['line'] for w in want[1:]]}")
        for s, w in zip(stops[:same], want[:same]):
            if set(s["locals"]) != set(w["locals"]) or set(s["args"]) != set(w["args"]):
                bad.append(f"{_where(s)}: args/locals {sorted(s['args'])}/{sorted(s['locals'])}"
                           f", gcc -O0 has {sorted(w['args'])}/{sorted(w['locals'])}")
        pairs += [(s, w, "values") for s, w in zip(stops[first:same], want[first:same])]
    else:
        seen, ref_seen = Counter(s["line"] for s in stops), Counter(w["line"] for w in want)
        by_line = {w["line"]: w for w in want[first:]}
        pairs += [(s, by_line[s["line"]], "values") for s in stops[first:]
                  if seen[s["line"]] == 1 and ref_seen[s["line"]] == 1 and s["line"] in by_line]
    for s, w, what in pairs:
        for name, v in s[what].items():
            if name not in w[what] or (level == "O2" and v == OPTIMIZED_OUT):
                continue
            if v == OPTIMIZED_OUT:
                bad.append(f"{_where(s)}: {name} optimized out at -O0")
            elif normal(v) != normal(w[what][name]):
                bad.append(f"{_where(s)}: {name} = {v}, gcc -O0 shows {w[what][name]}")
    return bad


def _where(stop: dict) -> str:
    return f"{stop['tag']} (line {stop['line']})"
