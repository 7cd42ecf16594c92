#!/usr/bin/env python3
"""How atomc's compile time grows with the size of one function.

Generates one function of N statements (assignments, `if`s, small `for` loops,
array stores, calls; bench/scaling_source.py, deterministic from --seed) for
each size and compiles it with `atomc -O0 -g -c`, `atomc -O2 -g -c` and
`gcc-12 -O2 -g -c`, printing per size the wall time, the CPU time and the peak
memory of each compile, the growth from the smallest to the 2,000-statement
function, and atomc's time against gcc's. Then the time of every stage of
atomc -O2 -g (`--time-passes`: cpp, parse, sema+irgen, each optimiser pass,
isel, scheduling, allocation, LiveDebugValues, line rows, DWARF, assembly
printing) per size.

Targets (issue 13): at -O2 -g the 2,000-statement function compiles within 10x
the time of the 250-statement one and within 5x of gcc's time, in under 1 GB.

    python bench/compile_scaling.py [--sizes 250,500,1000,2000,4000] [--runs 1] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

# every atomc command in a process of its own, as before the automatic compile
# server (server/auto.py), which would move compiles out of the processes measured
os.environ.setdefault("ATOMC_SERVER", "off")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from scaling_source import generate  # noqa: E402

STAGE_LINE = re.compile(r"^\s*([\d.]+) ms\s+[\d.]+%\s+(\S+)$")
GCC = shutil.which("gcc-12") or "gcc"
CONFIGS: dict[str, list[str]] = {
    "atomc -O0 -g": [sys.executable, "-m", "atomc", "-O0", "-g"],
    "atomc -O2 -g": [sys.executable, "-m", "atomc", "-O2", "-g"],
    f"{os.path.basename(GCC)} -O2 -g": [GCC, "-O2", "-g"],
}
REFERENCE, SMALL = 2000, 250
GROWTH_TARGET, GCC_TARGET, MEMORY_TARGET_MB = 10.0, 5.0, 1024


@dataclass(frozen=True, slots=True)
class Run:
    wall: float      # seconds
    cpu: float       # user + system seconds of the compiler and its children
    rss_mb: float    # peak resident memory of the largest process
    stderr: str


def run(cmd: list[str]) -> Run:
    """Run a compile, measuring its own resource use (not the other processes')."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = proc.stderr.read() if proc.stderr else ""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    if proc.returncode:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{err[-2000:]}")
    # wait4 reports the child's own usage; cpp/as run below the driver are its children
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, err)


def best(cmd: list[str], runs: int) -> Run:
    results = [run(cmd) for _ in range(runs)]
    return min(results, key=lambda r: r.cpu)


def stages(stderr: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for line in stderr.splitlines():
        m = STAGE_LINE.match(line)
        if m:
            out[m.group(2)] = out.get(m.group(2), 0.0) + float(m.group(1))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="250,500,1000,2000,4000")
    ap.add_argument("--runs", type=int, default=1, help="best of N (by CPU time)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    results: dict[tuple[str, int], Run] = {}
    per_stage: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="atomc-scaling-") as tmp:
        print(f"{'config':<16}{'N':>6}{'wall s':>9}{'CPU s':>9}{'peak MB':>9}")
        for n in sizes:
            src = Path(tmp) / f"scale{n}.c"
            src.write_text(generate(n, args.seed))
            for name, cc in CONFIGS.items():
                cmd = [*cc, "-c", str(src), "-o", str(Path(tmp) / "out.o")]
                timed = name == "atomc -O2 -g"
                r = best(cmd + (["--time-passes"] if timed else []), args.runs)
                results[(name, n)] = r
                if timed:
                    per_stage[n] = stages(r.stderr)
                print(f"{name:<16}{n:>6}{r.wall:>9.2f}{r.cpu:>9.2f}{r.rss_mb:>9.0f}", flush=True)
    print()
    ok = True
    if SMALL in sizes and REFERENCE in sizes:
        for name in CONFIGS:
            g = results[(name, REFERENCE)].cpu / results[(name, SMALL)].cpu
            print(f"growth {REFERENCE}/{SMALL} statements, {name}: {g:.1f}x CPU")
        g = results[("atomc -O2 -g", REFERENCE)].cpu / results[("atomc -O2 -g", SMALL)].cpu
        ok &= g <= GROWTH_TARGET
        print(f"  target <= {GROWTH_TARGET:.0f}x at -O2 -g: {'met' if g <= GROWTH_TARGET else 'MISSED'}")
    gcc_name = next(n for n in CONFIGS if not n.startswith("atomc"))
    if REFERENCE in sizes:
        ratio = results[("atomc -O2 -g", REFERENCE)].cpu / results[(gcc_name, REFERENCE)].cpu
        ok &= ratio <= GCC_TARGET
        print(f"atomc -O2 -g / {gcc_name} at {REFERENCE} statements: {ratio:.1f}x CPU "
              f"(target <= {GCC_TARGET:.0f}x: {'met' if ratio <= GCC_TARGET else 'MISSED'})")
    peak = max(r.rss_mb for (name, _), r in results.items() if name.startswith("atomc"))
    ok &= peak < MEMORY_TARGET_MB
    print(f"atomc peak memory: {peak:.0f} MB (target < {MEMORY_TARGET_MB} MB: "
          f"{'met' if peak < MEMORY_TARGET_MB else 'MISSED'})")
    print("\natomc -O2 -g time per stage (ms; --time-passes):")
    names = sorted({s for st in per_stage.values() for s in st},
                   key=lambda s: -per_stage[sizes[-1]].get(s, 0.0))
    print(f"{'stage':<22}" + "".join(f"{n:>10}" for n in sizes) + f"{'growth':>9}")
    for s in names:
        row = [per_stage[n].get(s, 0.0) for n in sizes]
        growth = f"{row[-1] / row[0]:.1f}x" if row[0] >= 1.0 else "-"
        print(f"{s:<22}" + "".join(f"{v:>10.1f}" for v in row) + f"{growth:>9}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
