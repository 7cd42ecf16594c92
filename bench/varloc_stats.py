#!/usr/bin/env python3
"""Variable-location coverage of -O2 builds: atomc against gcc and clang-22.

For every bench program, builds with each compiler at -O2 -g and reads
`llvm-dwarfdump-22 --statistics`: the share of source variables that have any
location, and the share of their scope bytes covered by a location (params and
locals together; entry-value bytes included, as llvm-locstats reports them).
Location-list entries are summed by the tool, so overlapping entries (atomc's
`--loclist-mode=multi`) would be counted twice: atomc is measured in `single` mode.

    python bench/varloc_stats.py [programs...]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMPILERS = {
    "atomc": [sys.executable, "-m", "atomc", "-O2", "-g"],
    "gcc-12": ["gcc", "-O2", "-g", "-gdwarf-5"],
    "clang-22": ["clang-22", "-O2", "-g", "-gdwarf-5"],
}
KEYS = {
    "vars": "#source variables",
    "with_loc": "#source variables with location",
    "scope": ["sum_all_params(#bytes in parent scope)", "sum_all_local_vars(#bytes in parent scope)"],
    "covered": ["sum_all_params(#bytes in parent scope covered by DW_AT_location)",
                "sum_all_local_vars(#bytes in parent scope covered by DW_AT_location)"],
}


def stats(obj: Path) -> dict[str, float]:
    out = subprocess.run(["llvm-dwarfdump-22", "--statistics", str(obj)], capture_output=True,
                         text=True, check=True).stdout
    s = json.loads(out)
    return {"vars": s[KEYS["vars"]], "with_loc": s[KEYS["with_loc"]],
            "scope": sum(s.get(k, 0) for k in KEYS["scope"]),
            "covered": sum(s.get(k, 0) for k in KEYS["covered"])}


def main() -> int:
    progs = [Path(p) for p in sys.argv[1:]] or sorted((HERE / "programs").glob("*.c"))
    totals = {c: {"vars": 0.0, "with_loc": 0.0, "scope": 0.0, "covered": 0.0} for c in COMPILERS}
    with tempfile.TemporaryDirectory() as tmp:
        for src in progs:
            for name, cmd in COMPILERS.items():
                obj = Path(tmp) / f"{src.stem}.{name}.o"
                subprocess.run([*cmd, "-c", str(src), "-o", str(obj)], check=True,
                               capture_output=True)
                for k, v in stats(obj).items():
                    totals[name][k] += v
    print(f"{'compiler':<10}{'variables':>10}{'with location':>15}{'scope bytes covered':>21}")
    for name, t in totals.items():
        print(f"{name:<10}{int(t['vars']):>10}{100 * t['with_loc'] / t['vars']:>14.1f}%"
              f"{100 * t['covered'] / t['scope']:>20.1f}%")
    print(f"over {len(progs)} programs at -O2 -g")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
