#!/usr/bin/env python3
"""A debug-info fuzzing campaign: many csmith seeds through `atomc_eval.fuzz`.

Each seed: atomc -O0 -g and -O2 -g builds checked against gcc -O0's output, stepped
under each debugger, every value of the -O2 trace judged against the -O0 trace
(strict rules); WRONG values get their culprit IR pass by --opt-bisect-limit.
Prints the campaign figures; with --json also writes every finding.

    python bench/difuzz_campaign.py --seeds 1-60 --debugger gdb --debugger lldb
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

from atomc_eval import fuzz


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-40")
    ap.add_argument("--debugger", action="append", choices=("gdb", "lldb", "lldb-atomc"))
    ap.add_argument("--level", default="-O2", help="the optimised build's level (default -O2)")
    ap.add_argument("--no-bisect", action="store_true")
    ap.add_argument("--keep", type=Path, default=Path("/tmp/atomc-difuzz"),
                    help="failing seeds' programs go here")
    ap.add_argument("--json", type=Path, help="write every seed's result here")
    args = ap.parse_args()
    atomc = f"{sys.executable} -m atomc"
    cfg = fuzz.FuzzConfig(reference=f"{atomc} -O0 -g -w", optimised=f"{atomc} {args.level} -g -w",
                          debuggers=tuple(args.debugger or ["gdb", "lldb"]),
                          bisect=not args.no_bisect)
    start = time.perf_counter()
    campaign = fuzz.run_campaign(fuzz.parse_seeds(args.seeds), cfg, args.keep,
                                 lambda r: print(r.summary(), file=sys.stderr, flush=True))
    print(f"campaign: {cfg.optimised} against {cfg.reference}, "
          f"{time.perf_counter() - start:.0f} s")
    print("\n".join(campaign.lines()))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in campaign.results], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
