#!/usr/bin/env python3
"""Run time of generated code: atomc -O2 against gcc -O2 and clang-22 -O2.

Builds every bench/programs/*.c with each compiler, checks that all builds print
the same output, times each binary (best of --runs, the compilers' binaries run
interleaved so that a change in the machine's load hits all of them alike), and
prints a table plus the geometric means of atomc/gcc and atomc/clang.

The time is the child's CPU time (user + system) by default: on a shared machine
the wall-clock time also counts the time a run waits for a core, which made one
binary take 0.13 s in one run and 1.4 s in the next; `--clock wall` measures that.

    python bench/runtime.py [--runs 3] [--opt -O2] [programs...]
"""

from __future__ import annotations

import argparse
import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMPILERS = {
    "atomc": [sys.executable, "-m", "atomc"],
    "gcc": ["gcc"],
    "clang-22": ["clang-22"],
}


def build(cc: list[str], opt: str, src: Path, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([*cc, opt, "-w", str(src), "-o", str(out)], check=True,
                   capture_output=True, text=True)
    return time.perf_counter() - start


def _cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(exe: Path, clock: str = "cpu") -> tuple[float, str]:
    """(seconds, output) of one run; `clock` cpu: the child's user + system time."""
    start, cpu = time.perf_counter(), _cpu_of_children()
    proc = subprocess.run([str(exe)], check=False, capture_output=True, text=True,
                          timeout=600)
    took = _cpu_of_children() - cpu if clock == "cpu" else time.perf_counter() - start
    return took, proc.stdout + f"[exit {proc.returncode}]"


def best_times(exes: dict[str, Path], runs: int,
               clock: str = "cpu") -> tuple[dict[str, float], dict[str, str]]:
    """Best of `runs` per binary, running them in turn (a, b, c, a, b, c, ...)."""
    best = {name: math.inf for name in exes}
    outputs: dict[str, str] = {}
    for _ in range(runs):
        for name, exe in exes.items():
            took, outputs[name] = run_once(exe, clock)
            best[name] = min(best[name], took)
    return best, outputs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--opt", default="-O2")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="the child's CPU time (default) or wall-clock time")
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    progs = [Path(p) for p in args.programs] or sorted((HERE / "programs").glob("*.c"))
    ratios: dict[str, list[float]] = {"gcc": [], "clang-22": []}
    print(f"{'program':<14}" + "".join(f"{c + ' ' + args.opt:>16}" for c in COMPILERS)
          + f"{'atomc/gcc':>11}{'atomc/clang':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        for src in progs:
            exes: dict[str, Path] = {}
            for name, cc in COMPILERS.items():
                exes[name] = Path(tmp) / f"{src.stem}.{name}"
                try:
                    build(cc, args.opt, src, exes[name])
                except subprocess.CalledProcessError as e:
                    print(f"{src.stem}: {name} failed to build:\n{e.stderr}", file=sys.stderr)
                    return 1
            times, outputs = best_times(exes, args.runs, args.clock)
            if len(set(outputs.values())) != 1:
                print(f"{src.stem}: OUTPUTS DIFFER between compilers", file=sys.stderr)
                return 1
            rg = times["atomc"] / times["gcc"]
            rc = times["atomc"] / times["clang-22"]
            ratios["gcc"].append(rg)
            ratios["clang-22"].append(rc)
            print(f"{src.stem:<14}" + "".join(f"{times[c]:>15.3f}s" for c in COMPILERS)
                  + f"{rg:>11.2f}{rc:>13.2f}")
    geo = {k: math.exp(sum(map(math.log, v)) / len(v)) for k, v in ratios.items()}
    print(f"geometric mean: atomc {args.opt} / gcc {args.opt} = {geo['gcc']:.2f}x, "
          f"atomc / clang-22 = {geo['clang-22']:.2f}x over {len(progs)} programs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
