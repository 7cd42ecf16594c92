"""Optimised-code variable locations under real debuggers.

Every program here is built by atomc at -O0 and at -O2 and stepped from start
to end under gdb and under lldb (atomc-dbgeval). At every stop, every variable
the -O2 build shows must show a value that the -O0 build shows for that
variable at that line: "optimized out" is allowed, a wrong value is not. The
programs force spills, values live across calls, loop-carried variables,
inlined frames and aggregates split into scalars. A floor on availability
makes sure the locations are really there.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAMS = Path(__file__).parent / "programs"
CASES = sorted(PROGRAMS.glob("*.c"))
ATOMC = f"{sys.executable} -m atomc"

needs_debuggers = pytest.mark.skipif(
    shutil.which("gdb") is None or shutil.which("lldb-22") is None,
    reason="gdb and lldb-22 are needed")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    out = tmp_path_factory.mktemp("varlocs")
    subprocess.run(
        [sys.executable, "-m", "atomc_eval.cli", "compare", str(PROGRAMS),
         "--config", f"atomc-O0={ATOMC} -O0 -g {{src}} -o {{out}}",
         "--config", f"atomc-O2={ATOMC} -O2 -g {{src}} -o {{out}}",
         "--config", f"atomc-O2-multi={ATOMC} -O2 -g --loclist-mode=multi {{src}} -o {{out}}",
         "--out", str(out), "--quiet"],
        check=True, timeout=900)
    return json.loads((out / "report.json").read_text())


def _rows(report: dict, config: str) -> list[dict]:
    return [r for r in report["rows"] if r["config"] == config]


@needs_debuggers
@pytest.mark.parametrize("config", ["atomc-O2", "atomc-O2-multi"])
def test_no_variable_ever_shows_a_wrong_value(report: dict, config: str) -> None:
    rows = _rows(report, config)
    assert {r["debugger"] for r in rows} == {"gdb", "lldb"}
    assert len(rows) == 2 * len(CASES)
    wrong = [(r["program"], r["debugger"], w) for r in rows for w in r["scores"]["wrong"]]
    assert wrong == []


@needs_debuggers
def test_optimised_variables_are_mostly_available(report: dict) -> None:
    for r in _rows(report, "atomc-O2"):
        avail = r["scores"]["var_availability"]
        assert avail is not None and avail >= 0.4, (r["program"], r["debugger"], avail)
