#!/usr/bin/env python3
"""Lua 5.4 as a real-world benchmark: build times and interpreter run time.

Builds Debian's Lua 5.4 interpreter (the sources `tests/realworld/debsrc.py`
fetches) with atomc -O0/-O2, gcc -O2 and clang-22 -O2 (all with -g), prints how
long each build took (wall time with --jobs compiles at once, and the CPU time of
the compiler processes, which does not depend on how loaded the machine is), checks that every interpreter prints the same for
bench/lua/bench.lua (fib, table sort, string building, n-body, closures), and
prints each -O2 interpreter's run time (best of --runs) relative to gcc's.

    python bench/lua_bench.py [--runs 3] [--jobs 2] [--keep DIR]
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "realworld"))
import debsrc
from luabuild import LuaBuild, build_lua, run_lua

SCRIPT = HERE / "lua" / "bench.lua"
ATOMC = [sys.executable, "-m", "atomc"]
# name -> (compiler, flags, timed run?)
CONFIGS: dict[str, tuple[list[str], list[str], bool]] = {
    "atomc -O0": (ATOMC, ["-O0", "-g"], False),
    "atomc -O2": (ATOMC, ["-O2", "-g"], True),
    "gcc -O2": (["gcc"], ["-O2", "-g", "-w"], True),
    "clang-22 -O2": (["clang-22"], ["-O2", "-g", "-w"], True),
}


def best_run(exe: Path, runs: int) -> tuple[float, str]:
    best, out = math.inf, ""
    for _ in range(runs):
        start = time.perf_counter()
        out, status = run_lua(exe, SCRIPT, timeout=600)
        best = min(best, time.perf_counter() - start)
        out += f"[exit {status}]"
    return best, out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", type=Path, help="build in this directory and keep it")
    args = ap.parse_args()
    try:
        package = debsrc.fetch("lua5.4")
    except debsrc.SourceUnavailable as exc:
        print(f"lua_bench: {exc}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        root = args.keep or Path(tmp)
        builds: dict[str, LuaBuild] = {}
        print(f"{'build':<14}{'wall':>9}{'cpu':>9}{'slowest file (wall)':>22}")
        for name, (cc, flags, _) in CONFIGS.items():
            b = build_lua(package, root / name.replace(" ", ""), cc, flags, jobs=args.jobs)
            builds[name] = b
            slow = max(b.file_seconds, key=b.file_seconds.__getitem__)
            print(f"{name:<14}{b.wall_seconds:>8.1f}s{b.cpu_seconds:>8.1f}s"
                  f"{slow + '.c ' + format(b.file_seconds[slow], '.1f') + 's':>22}")
        gcc_cpu = builds["gcc -O2"].cpu_seconds
        for name in ("atomc -O0", "atomc -O2", "clang-22 -O2"):
            print(f"build cpu time {name} / gcc -O2 = {builds[name].cpu_seconds / gcc_cpu:.1f}x")
        times: dict[str, float] = {}
        outputs: dict[str, str] = {}
        for name, (_, _, timed) in CONFIGS.items():
            if timed:
                times[name], outputs[name] = best_run(builds[name].exe, args.runs)
        if len(set(outputs.values())) != 1:
            for name, out in outputs.items():
                print(f"--- {name}\n{out}", file=sys.stderr)
            print("lua_bench: OUTPUTS DIFFER between compilers", file=sys.stderr)
            return 1
        print(f"{'interpreter':<14}{'bench.lua':>11}{'/ gcc':>8}")
        for name, t in times.items():
            print(f"{name:<14}{t:>10.3f}s{t / times['gcc -O2']:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
