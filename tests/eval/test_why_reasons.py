"""atomc-dbgeval records why each optimized-out variable had no value (issue 15
§5): every variable a stop shows without a value is annotated from the binary's
records, and the report gives the share per reason per configuration; gcc's
builds have none ("none")."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from atomc_eval.cli import main
from atomc_eval.drivers.base import FrameInfo, Stop, Trace, TraceEnd, TraceHeader, Variable
from atomc_eval.why import annotate_reasons, reason_counts, reason_shares

DEAD = Path(__file__).parents[1] / "why" / "programs" / "dead.c"


def _symbol(binary: Path, name: str) -> int:
    out = subprocess.run(["nm", str(binary)], capture_output=True, text=True, check=True).stdout
    return next(int(line.split()[0], 16) for line in out.splitlines()
                if line.split()[-1] == name)


def _stop(addr: int, *variables: Variable) -> Stop:
    return Stop(0, "step", "work", str(DEAD), 6, 0, addr, addr, 0, True,
                (FrameInfo("work", str(DEAD), 6, False),), variables)


def _trace(*stops: Stop) -> Trace:
    return Trace(TraceHeader("p", "gdb"), stops, TraceEnd("exited", len(stops)))


def test_optimized_out_variables_get_their_reason(tmp_path: Path) -> None:
    binary = tmp_path / "dead"
    subprocess.run([sys.executable, "-m", "atomc", "-O2", "-g", str(DEAD), "-o", str(binary)],
                   check=True)
    at = _symbol(binary, "work") + 1  # line 6's first instruction, after the push
    trace = _trace(_stop(at, Variable("n", "param", "5", "int", 4),
                         Variable("sq", "local", None, "int", 5),
                         Variable("t", "local", None, "int", 6),
                         Variable("nowhere", "local", None, "int", 0)))
    got = {v.name: v.why for v in annotate_reasons(trace, str(binary)).stops[0].variables}
    assert got == {"n": None, "sq": "dead", "t": "not_yet", "nowhere": "none"}
    counts = reason_counts(annotate_reasons(trace, str(binary)).stops)
    assert counts == {"dead": 1, "not_yet": 1, "none": 1}
    assert reason_shares(counts) == pytest.approx({"dead": 1 / 3, "not_yet": 1 / 3,
                                                   "none": 1 / 3})


@pytest.mark.gdb
def test_compare_reports_reasons_per_configuration(tmp_path: Path) -> None:
    if shutil.which("gdb") is None or shutil.which("gcc") is None:
        pytest.skip("gdb or gcc is not installed")
    out = tmp_path / "out"
    atomc = f"{sys.executable} -m atomc"
    argv = ["compare", str(DEAD), "--out", str(out), "--quiet", "--debugger", "gdb",
            "--config", "gcc-O2", "--config", f"mine={atomc} -O2 -g {{src}} -o {{out}}",
            "--config", f"mine-O0={atomc} -O0 -g {{src}} -o {{out}}", "--reference", "mine-O0"]
    assert main(argv) == 0
    data = json.loads((out / "report.json").read_text())
    rows = {r["config"]: r for r in data["why_optimized_out"]}
    assert rows["gcc-O2"]["optimized_out"] > 0
    assert rows["gcc-O2"]["shares"] == {"none": 1.0}
    mine = rows["mine"]["shares"]
    assert mine.get("dead", 0) > 0 and mine.get("not_yet", 0) > 0, mine
    assert "## Optimized-out observations by reason" in (out / "report.md").read_text()


@pytest.mark.gdb
def test_compare_counts_values_flagged_not_current(tmp_path: Path) -> None:
    """sunk.c built without Key Instructions: gdb stops on line 19's statement row in the
    unrolled loop's second round before line 18's store of 10 into `a` (sunk below the
    division), so `a` shows the first round's 5 (-O0 shows 10): the report counts it as
    not current, and as one of the WRONG values it explains. (With Key Instructions the
    hoisted division takes the location it lands in and no stop shows a stale value.)"""
    if shutil.which("gdb") is None:
        pytest.skip("gdb is not installed")
    out = tmp_path / "out"
    atomc = f"{sys.executable} -m atomc"
    src = DEAD.parent / "sunk.c"
    argv = ["compare", str(src), "--out", str(out), "--quiet", "--debugger", "gdb",
            "--config", f"mine={atomc} -O2 -g -gno-key-instructions {{src}} -o {{out}}",
            "--config", f"mine-O0={atomc} -O0 -g {{src}} -o {{out}}", "--reference", "mine-O0"]
    assert main(argv) == 0
    data = json.loads((out / "report.json").read_text())
    rows = {r["config"]: r for r in data["not_current"]}
    assert rows["mine-O0"]["not_current"] == 0
    assert rows["mine"]["not_current"] >= 1 and rows["mine"]["wrong"] >= 1, rows["mine"]
    trace = (out / "traces" / "sunk" / "mine.gdb.jsonl").read_text().splitlines()
    flagged = [(s["line"], v["name"], v["value"]) for s in map(json.loads, trace)
               if s.get("type") == "stop" for v in s["variables"]
               if v.get("why") == "assigned_late"]
    assert (19, "a", "5") in flagged, flagged
    assert "## Values flagged not current" in (out / "report.md").read_text()
