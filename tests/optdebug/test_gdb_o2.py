"""Real-debugger tests of -O2 code under gdb: line breakpoints and inlined frames.

For each program (those of tests/varlocs, tests/keyinstr and some of
tests/debugger), atomc builds -O0 and -O2 executables:

* every source line with an `is_stmt` row in the -O2 line table gets a
  breakpoint; gdb must place it on that line (not move it), and every stop
  must report the line asked for (a function's opening line excepted: gdb
  skips the prologue there, for every compiler). Lines with no row at all must not get a
  breakpoint of their own (gdb moves those): lines with code are exactly the
  lines with rows. No line gains code at -O2 that it has no row for at -O0;
* a breakpoint on each function inlined somewhere (from the DWARF's
  DW_TAG_inlined_subroutine entries) must stop in an inlined frame of that
  function whose caller frame shows the call site's line, the one DWARF's
  DW_AT_call_line names and the source text calls the function on.

Values shown at stops are covered by tests/varlocs (no wrong values).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

HERE = Path(__file__).parent
TESTS = HERE.parent
PROGRAMS = sorted(
    [*(TESTS / "varlocs" / "programs").glob("*.c"),
     *(TESTS / "keyinstr" / "programs").glob("*.c")]
    + [TESTS / "debugger" / "programs" / f"{n}.c"
       for n in ("p07_enum_switch", "p12_recursion", "p13_loops", "p19_nested_blocks",
                 "p21_goto_state", "p26_stack_vm")])
ATOMC = [sys.executable, "-m", "atomc"]
# known line-table faults, strict: each must fail until it is fixed
KNOWN: dict[str, str] = {}


def _with_known(programs: list[Path]) -> list[object]:
    return [pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN[p.name]))
            if p.name in KNOWN else p for p in programs]
MAX_STOPS = 400

DWARFDUMP = shutil.which("llvm-dwarfdump-22") or "llvm-dwarfdump"

pytestmark = pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")

_ROW = re.compile(r"^\s+0x([0-9a-f]+) (\S+):(\d+):\d+(.*)$")


def _build(src: Path, out: Path, level: str) -> Path:
    exe = out / f"{src.stem}{level}"
    subprocess.run([*ATOMC, level, "-g", str(src), "-o", str(exe)], check=True, timeout=300)
    return exe


def _dump(exe: Path, what: str) -> str:
    return subprocess.run([sys.executable, "-m", "atomc.tools.dwarfdump", what, str(exe)],
                          check=True, capture_output=True, text=True, timeout=120).stdout


def function_entries(exe: Path) -> set[int]:
    with open(exe, "rb") as f:
        symtab = ELFFile(f).get_section_by_name(".symtab")
        return {sym["st_value"] for sym in symtab.iter_symbols()
                if sym["st_info"]["type"] == "STT_FUNC" and sym["st_value"]}


def stmt_lines(exe: Path, source: str) -> tuple[set[int], set[int], set[int]]:
    """(lines with an is_stmt row, lines with any row, lines with an is_stmt
    row at a function's first address) of `source`."""
    entries = function_entries(exe)
    stmt: set[int] = set()
    anyrow: set[int] = set()
    entry_lines: set[int] = set()
    for text in _dump(exe, "--lines").splitlines():
        m = _ROW.match(text)
        if not m or Path(m.group(2)).name != source or m.group(4).strip() == "end_sequence":
            continue
        line = int(m.group(3))
        if line == 0:
            continue
        anyrow.add(line)
        if "is_stmt" in m.group(4).split():
            stmt.add(line)
            if int(m.group(1), 16) in entries:
                entry_lines.add(line)
    return stmt, anyrow, entry_lines


def inlined_sites(exe: Path) -> set[tuple[str, int]]:
    """(inlined function, call line) of every DW_TAG_inlined_subroutine."""
    text = subprocess.run([DWARFDUMP, "--debug-info", str(exe)], check=True,
                          capture_output=True, text=True, timeout=120).stdout
    out: set[tuple[str, int]] = set()
    for b in text.split("DW_TAG_inlined_subroutine")[1:]:
        b = b.split("DW_TAG_")[0]
        fn = re.search(r'DW_AT_abstract_origin\s+\(0x[0-9a-f]+ "(\w+)"\)', b)
        line = re.search(r"DW_AT_call_line\s+\((\d+)\)", b)
        if fn and line:
            out.add((fn.group(1), int(line.group(1))))
    return out


def run_gdb(exe: Path, source: str, lines: list[int], functions: list[str],
            work: Path) -> dict:
    job = work / f"{exe.name}.job.json"
    report = work / f"{exe.name}.report.json"
    job.write_text(json.dumps({"exe": str(exe), "source": source, "lines": lines,
                               "functions": functions, "max_stops": MAX_STOPS}))
    env = {**os.environ, "OPTDEBUG_JOB": str(job), "OPTDEBUG_OUT": str(report)}
    proc = subprocess.run(["gdb", "-q", "-batch", "-nx", "-x", str(HERE / "gdb_lines_probe.py")],
                          capture_output=True, text=True, timeout=240, env=env,
                          cwd=str(exe.parent))
    assert report.exists(), proc.stdout[-2000:] + proc.stderr[-2000:]
    return json.loads(report.read_text())


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("optdebug")


@pytest.mark.gdb
@pytest.mark.parametrize("src", _with_known(PROGRAMS), ids=lambda p: p.name)
def test_breakpoints_on_every_line_with_code(src: Path, work: Path) -> None:
    o0 = _build(src, work, "-O0")
    o2 = _build(src, work, "-O2")
    stmt2, any2, entry2 = stmt_lines(o2, src.name)
    stmt0, _, _ = stmt_lines(o0, src.name)
    assert stmt2, "no is_stmt rows at -O2"
    assert stmt2 <= stmt0, f"lines with code at -O2 but none at -O0: {sorted(stmt2 - stmt0)}"
    first, last = min(any2), max(any2)
    no_code = [n for n in range(first, last + 1) if n not in any2]
    report = run_gdb(o2, src.name, sorted(stmt2) + no_code, [], work)
    resolved = {int(k.split(":")[1]): v for k, v in report["resolved"].items()}
    # a function's opening line: gdb skips the prologue, as it does for gcc's code
    moved = {n: v for n, v in resolved.items() if n in stmt2 - entry2 and set(v) != {n}}
    assert not moved, f"breakpoints gdb placed away from their line: {moved}"
    kept = sorted(n for n in no_code if n in resolved.get(n, []))
    assert not kept, f"lines without rows that still got a breakpoint: {kept}"
    stops = report["stops"]
    wrong = [s for s in stops if s["asked"].startswith("line:")
             and int(s["asked"][5:]) in stmt2 - entry2 and s["line"] != int(s["asked"][5:])]
    assert not wrong, f"stops at another line than their breakpoint's: {wrong}"
    reached = {int(s["asked"][5:]) for s in stops if s["asked"].startswith("line:")}
    assert len(reached) >= len(stmt2) // 2, (sorted(reached), sorted(stmt2))


@pytest.mark.gdb
@pytest.mark.parametrize("src", PROGRAMS, ids=lambda p: p.name)
def test_backtrace_through_inlined_frames(src: Path, work: Path) -> None:
    o2 = _build(src, work, "-O2")
    sites = inlined_sites(o2)
    if not sites:
        pytest.skip("nothing stays inlined in this program at -O2")
    text = src.read_text().splitlines()
    report = run_gdb(o2, src.name, [], sorted({f for f, _ in sites}), work)
    inlined = [s for s in report["stops"] if s["inlined"]]
    assert inlined, f"no stop in an inlined frame: {report['stops']}"
    for s in inlined:
        site = (s["function"], s["caller_line"])
        assert site in sites, f"inlined frame {site} is not a DWARF call site {sorted(sites)}"
        assert re.search(rf"\b{s['function']}\s*\(", text[s["caller_line"] - 1]), \
            f"line {s['caller_line']} does not call {s['function']}"
