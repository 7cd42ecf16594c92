#!/usr/bin/env python3
"""Run time of generated code: atomc -O2 against gcc -O2 and clang-22 -O2.

Builds every bench/programs/*.c with each compiler, checks that all builds print
the same output, times each binary (best of --runs), and prints a table plus the
geometric means of atomc/gcc and atomc/clang.

    python bench/runtime.py [--runs 3] [--opt -O2] [programs...]
"""

from __future__ import annotations

import argparse
import math
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


def best_time(exe: Path, runs: int) -> tuple[float, str]:
    best, out = math.inf, ""
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
        best = min(best, time.perf_counter() - start)
        out = proc.stdout + f"[exit {proc.returncode}]"
    return best, out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--opt", default="-O2")
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    progs = [Path(p) for p in args.programs] or sorted((HERE / "programs").glob("*.c"))
    ratios: dict[str, list[float]] = {"gcc": [], "clang-22": []}
    print(f"{'program':<14}" + "".join(f"{c + ' ' + args.opt:>16}" for c in COMPILERS)
          + f"{'atomc/gcc':>11}{'atomc/clang':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        for src in progs:
            times: dict[str, float] = {}
            outputs: dict[str, str] = {}
            for name, cc in COMPILERS.items():
                exe = Path(tmp) / f"{src.stem}.{name}"
                try:
                    build(cc, args.opt, src, exe)
                except subprocess.CalledProcessError as e:
                    print(f"{src.stem}: {name} failed to build:\n{e.stderr}", file=sys.stderr)
                    return 1
                times[name], outputs[name] = best_time(exe, args.runs)
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
