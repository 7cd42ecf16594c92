#!/usr/bin/env python3
"""Which of an evaluator run's "not assigned yet" stops had a value to show.

`atomc-dbgeval compare` records, at every stop where a variable shows no value, the
reason atomc wrote into the binary (atomc_eval/why.py). `not_yet` means no
assignment of the variable has run at that point of the optimised code. This
splits those observations by what the -O0 reference shows at the same
(function, line, variable), so the honest ones are told from the recoverable:

  declaration    the stop is on or before the variable's declaration line: the
                 source has not assigned it (not judged by the evaluator either);
  unjudged       the reference never shows it on that line (no -O0 stop there);
  indeterminate  the reference's two runs (the second with the dead stack filled)
                 show different values: -O0 reads memory nothing wrote yet, so the
                 variable is not assigned there in source order either;
  determinate    the reference shows a value of the program: an assignment above
                 the stop in source order has run at -O0, while the -O2 code has
                 not computed or not recorded it yet. Split by the line N the
                 record names ("line N assigns it") against the stop's line: the
                 same line (a line-start gap: the line's own assignment is due
                 after its stop, and the value before is what -O0 shows), an
                 earlier line (a computation sunk or scheduled below the stop, or
                 a record placed late), a later line, none.

The same split of `dead` observations shows reasons that may be wrong: a `dead`
at a declaration or at an indeterminate reference read is a variable that had no
value yet on some path, where `not_yet` is the honest reason.

    python bench/notyet_stops.py /work/ev/final22            # gdb, lldb, lldb-atomc
    python bench/notyet_stops.py OUT --debugger gdb --top 20  # + the determinate triples
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
from atomc.data.atomc_why_reader import WhyIndex  # noqa: E402
from atomc_eval.drivers.base import Stop, Variable  # noqa: E402
from atomc_eval.metrics import ReferenceReads, _shown, reference_reads  # noqa: E402
from atomc_eval.trace import read_trace  # noqa: E402

CLASSES = ("declaration", "unjudged", "indeterminate", "determinate")
RELATIONS = ("same line", "earlier line", "later line", "no line")
Key = tuple[str, int, str]


def _record_line(index: WhyIndex, stop: Stop, var: Variable) -> int:
    """The line the binary's reason names at the stop (0: none)."""
    found = [s for s in index.variables_at(stop.addr, 0, stop.function) if s.name == var.name
             and (not var.decl_line or not s.decl_line or s.decl_line == var.decl_line)]
    entry = found[0].reason_at(stop.addr) if found else None
    return entry.line if entry is not None else 0


def classify(stop: Stop, var: Variable, shown: dict[Key, set[str]],
             reads: ReferenceReads) -> str:
    """One of CLASSES for a variable the build shows without value at `stop`."""
    key = (stop.function, stop.line, var.name)
    if var.scope == "local" and var.decl_line and stop.line <= var.decl_line:
        return "declaration"
    if key not in shown:
        return "unjudged"
    return "indeterminate" if key in reads.indeterminate else "determinate"


def relation(line: int, stop_line: int) -> str:
    if not line:
        return "no line"
    return "same line" if line == stop_line else \
        "earlier line" if line < stop_line else "later line"


def split_program(out: Path, program: str, config: str, ref: str, debugger: str,
                  kinds: tuple[str, ...]) -> Counter[tuple[str, str, str, str]]:
    """(reason, class, relation, where) -> observations, `where` the triple as text
    for determinate ones ("" otherwise)."""
    traces = out / "traces" / program
    build = read_trace(traces / f"{config}.{debugger}.jsonl")
    first = read_trace(traces / f"{ref}.{debugger}.jsonl")
    rerun = traces / f"{ref}.{debugger}.rerun.jsonl"
    second = read_trace(rerun) if rerun.exists() else first
    reads = reference_reads({debugger: (first.stops, second.stops)})[debugger]
    shown = _shown(first.stops)
    counts: Counter[tuple[str, str, str, str]] = Counter()
    index = WhyIndex(str(out / "bin" / program / config))
    try:
        for stop in build.stops:
            for var in stop.variables:
                if var.value is not None or var.why not in kinds:
                    continue
                cls = classify(stop, var, shown, reads)
                rel = relation(_record_line(index, stop, var), stop.line)
                where = f"{program}:{stop.function}:{stop.line} {var.name}" \
                    if cls == "determinate" else ""
                counts[(var.why, cls, rel, where)] += 1
    finally:
        index.close()
    return counts


def _pct(n: int, total: int) -> str:
    return f"{n} ({100.0 * n / total:.1f}%)" if total else "0"


def report(counts: Counter[tuple[str, str, str, str]], debugger: str, top: int) -> list[str]:
    lines = [f"## {debugger}", ""]
    for why in sorted({k[0] for k in counts}):
        mine = {k: n for k, n in counts.items() if k[0] == why}
        total = sum(mine.values())
        lines += [f"{why}: {total} observations", "",
                  "| class | " + " | ".join(RELATIONS) + " | all |",
                  "|---" * (len(RELATIONS) + 2) + "|"]
        for cls in CLASSES:
            row = [sum(n for k, n in mine.items() if k[1] == cls and k[2] == rel)
                   for rel in RELATIONS]
            cells = " | ".join(map(str, row))
            lines.append(f"| {cls} | {cells} | {_pct(sum(row), total)} |")
        lines.append("")
        where: Counter[str] = Counter()
        for (_, _cls, rel, w), n in mine.items():
            if w:
                where[f"{w} ({rel})"] += n
        lines += [f"    {n:4d}  {w}" for w, n in where.most_common(top)]
        if top and where:
            lines.append("")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path, help="an atomc-dbgeval compare --out directory")
    ap.add_argument("--config", default="atomc-O2")
    ap.add_argument("--reference", default="atomc-O0")
    ap.add_argument("--debugger", action="append")
    ap.add_argument("--reason", action="append", help="default: not_yet and dead")
    ap.add_argument("--top", type=int, default=0, help="list the N determinate triples")
    args = ap.parse_args(argv)
    kinds = tuple(args.reason or ("not_yet", "dead"))
    for debugger in args.debugger or ("gdb", "lldb", "lldb-atomc"):
        counts: Counter[tuple[str, str, str, str]] = Counter()
        for program in sorted(p.name for p in (args.out / "traces").iterdir()):
            if (args.out / "traces" / program / f"{args.config}.{debugger}.jsonl").exists():
                counts.update(split_program(args.out, program, args.config, args.reference,
                                            debugger, kinds))
        print("\n".join(report(counts, debugger, args.top)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
