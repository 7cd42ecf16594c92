#!/usr/bin/env python3
"""Compile time of atomc at -O0 and -O2 in source lines per second, with the
share of compile time per stage (from --time-passes: front end, each optimiser
pass, back end) summed over all programs.

    python bench/compile_time.py [programs...]
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# every atomc command in a process of its own, as before the automatic compile
# server (server/auto.py), which would move compiles out of the processes measured
os.environ.setdefault("ATOMC_SERVER", "off")

HERE = Path(__file__).resolve().parent
PASS_LINE = re.compile(r"^\s*([\d.]+) ms\s+[\d.]+%\s+(\S+)$")


def main() -> int:
    progs = [Path(p) for p in sys.argv[1:]] or sorted((HERE / "programs").glob("*.c"))
    lines = sum(len(p.read_text().splitlines()) for p in progs)
    pass_ms: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for level in ("-O0", "-O2"):
            total = 0.0
            for src in progs:
                cmd = [sys.executable, "-m", "atomc", level, "-g", "-c", str(src), "-o",
                       str(Path(tmp) / "x.o")]
                if level == "-O2":
                    cmd.append("--time-passes")
                start = time.perf_counter()
                proc = subprocess.run(cmd, capture_output=True, text=True)
                total += time.perf_counter() - start
                if proc.returncode:
                    print(proc.stderr, file=sys.stderr)
                    return 1
                for line in proc.stderr.splitlines():
                    m = PASS_LINE.match(line)
                    if m:
                        pass_ms[m.group(2)] = pass_ms.get(m.group(2), 0.0) + float(m.group(1))
            print(f"atomc {level} -g: {lines} lines in {total:.2f} s = {lines / total:.0f} lines/s"
                  f" over {len(progs)} programs")
    if pass_ms:
        whole = sum(pass_ms.values())
        print("CPU time per stage at -O2 (share of the total):")
        for name, ms in sorted(pass_ms.items(), key=lambda kv: -kv[1]):
            print(f"  {name:<16}{ms:9.1f} ms {100 * ms / whole:6.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
