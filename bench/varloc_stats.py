#!/usr/bin/env python3
"""Variable-location coverage of -O2 builds: atomc against gcc and clang-22.

For every program, builds with each compiler at -O2 -g and reads
`llvm-dwarfdump-22 --statistics`: the share of source variables that have any
location, the share of their scope bytes covered by a location (params and
locals together; entry-value bytes included, as llvm-locstats reports them),
and the share of variables covered over their whole scope (the tool's 100%
bucket). Location-list entries are summed by the tool, so overlapping entries
(atomc's `--loclist-mode=multi`) would be counted twice: atomc is measured in
`single` mode.

    python bench/varloc_stats.py [programs...]       # default: bench/programs/*.c
    python bench/varloc_stats.py --zlib              # Debian's zlib, its library files
    python bench/varloc_stats.py --zlib --breakdown  # + atomc's uncovered bytes by cause
    python bench/varloc_stats.py --zlib --list "param dead" --keep /tmp/objs
                                                     # + that class's variables and gaps

--breakdown reads atomc's objects again with the reasons atomc records where a
variable has no location (`.debug.atomc_why`, docs/why-optimized-out.md): the
uncovered scope bytes per reason (`none`: no reason recorded), and the variables
short of whole-scope coverage by the set of reasons of their gaps. That says
which gaps a coverage change can close: `not_yet` bytes are before the first
assignment on some path (the variable has no value there at all), `dead` ones
after the value's register was reused.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "realworld"))
import debsrc  # noqa: E402

COMPILERS = {
    "atomc": [sys.executable, "-m", "atomc", "-O2", "-g"],
    "gcc-12": ["gcc", "-O2", "-g", "-gdwarf-5"],
    "clang-22": ["clang-22", "-O2", "-g", "-gdwarf-5"],
}
# zlib's library objects (Makefile.in's OBJZ and OBJG)
ZLIB_FILES = ("adler32 crc32 deflate infback inffast inflate inftrees trees zutil "
              "compress uncompr gzclose gzlib gzread gzwrite").split()
FIELDS = ("vars", "with_loc", "scope", "covered", "measured", "whole")


def stats(obj: Path) -> dict[str, float]:
    out = subprocess.run(["llvm-dwarfdump-22", "--statistics", str(obj)], capture_output=True,
                         text=True, check=True).stdout
    s = json.loads(out)
    return {"vars": s["#source variables"], "with_loc": s["#source variables with location"],
            "scope": s["sum_all_variables(#bytes in parent scope)"],
            "covered": s["sum_all_variables(#bytes in parent scope covered by DW_AT_location)"],
            "measured": s["#variables processed by location statistics"],
            "whole": s["#variables with 100% of parent scope covered by DW_AT_location"]}


def _pct(a: float, b: float) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


# -- atomc's uncovered bytes by cause -------------------------------------------------

Ranges = list[tuple[int, int]]


def _minus(ranges: Ranges, cuts: Ranges) -> Ranges:
    out: Ranges = []
    for lo, hi in ranges:
        pieces = [(lo, hi)]
        for a, b in cuts:
            pieces = [p for s, e in pieces for p in ((s, min(e, a)), (max(s, b), e)) if p[0] < p[1]]
        out += pieces
    return out


def _bytes_within(ranges: Ranges, lo: int, hi: int) -> int:
    return sum(max(0, min(e, hi) - max(s, lo)) for s, e in ranges)


def breakdown(objs: Sequence[Path], listed: Sequence[str] = ()
              ) -> tuple[Counter[str], Counter[str], int, int]:
    """(uncovered scope bytes per reason, variables short of whole coverage per set
    of reasons, variables, scope bytes) over atomc's objects; prints the variables
    of the classes `listed` (as the breakdown names them: "param dead")."""
    from atomc.data.atomc_why_reader import CURRENCY, KIND_NAMES
    from atomc.explain.objfile import read_object

    by_reason: Counter[str] = Counter()
    by_set: Counter[str] = Counter()
    nvars = scope_bytes = 0
    for obj in objs:
        functions, _rows = read_object(str(obj))
        for fname, fn in functions.items():
            for v in fn.variables:
                scope = list(v.scope)
                size = sum(hi - lo for lo, hi in scope)
                if not size:
                    continue
                nvars += 1
                scope_bytes += size
                located = [(lo, hi) for lo, hi, _ in v.locations]
                gaps = [] if v.everywhere else _minus(scope, located)
                if not gaps:
                    continue
                mine: Counter[str] = Counter()
                for e in v.reasons:
                    if e.code not in CURRENCY:
                        why = KIND_NAMES.get(e.code, str(e.code))
                        mine[why] += _bytes_within(gaps, e.low, e.high)
                rest = sum(hi - lo for lo, hi in gaps) - sum(mine.values())
                if rest:
                    mine["none"] += rest
                mine = +mine
                by_reason.update(mine)
                key = ("param " if v.is_param else "local ") + "+".join(sorted(mine))
                by_set[key] += 1
                if key in listed:
                    _list_variable(key, obj, fname, v, gaps, fn.addresses)
    return by_reason, by_set, nvars, scope_bytes


# an epilogue: restores of callee-saved registers, the stack pointer's, the return
_EPILOGUE = re.compile(r"(pop|ret|leave|add\s+\$0x[0-9a-f]+,%rsp)\b")


def _list_variable(key: str, obj: Path, fname: str, v: Any, gaps: Ranges,
                   insts: Sequence[tuple[int, str]]) -> None:
    """One line per gap of a listed variable: where, how long, the reason recorded,
    and `epilogue` when the gap is only the epilogue (a register the function saved
    held the value, and its restore ended it)."""
    inl = f" (inlined {v.inlined_from})" if v.inlined_from else ""
    print(f"{key}: {obj.stem}:{fname}{inl} {v.name} (line {v.decl_line})")
    for lo, hi in gaps:
        why = "; ".join(sorted({e.describe() for e in v.reasons if e.low < hi and lo < e.high}))
        text = [t for a, t in insts if lo <= a < hi]
        epilogue = bool(text) and text[-1].startswith("ret") \
            and all(_EPILOGUE.match(t) for t in text)
        print(f"    [0x{lo:x}, 0x{hi:x}) {hi - lo:>5} bytes: {why or 'no reason'}"
              f"{' (epilogue)' if epilogue else ''}")


def print_breakdown(objs: Sequence[Path], listed: Sequence[str] = ()) -> None:
    by_reason, by_set, nvars, scope = breakdown(objs, listed)
    print(f"\natomc: uncovered scope bytes by recorded reason ({scope} scope bytes)")
    for why, n in by_reason.most_common():
        print(f"  {why:<10}{n:>9}{_pct(n, scope):>8}")
    short = sum(by_set.values())
    print(f"atomc: {short} of {nvars} variables short of whole-scope coverage, by their gaps'"
          " reasons")
    for key, n in by_set.most_common():
        print(f"  {key:<36}{n:>5}")
    # before its first assignment on some path a variable has no value to describe, so
    # `not_yet` bytes bound what any honest description can cover
    uncovered = sum(by_reason.values())
    before = by_reason["not_yet"]
    with_before = sum(n for key, n in by_set.items() if "not_yet" in key.split()[1].split("+"))
    print(f"atomc: ceiling with every gap but `not_yet` closed: "
          f"{_pct(scope - before, scope)} of scope bytes (now {_pct(scope - uncovered, scope)}),"
          f" {_pct(nvars - with_before, nvars)} of variables whole"
          f" (now {_pct(nvars - short, nvars)})")


# -- builds ---------------------------------------------------------------------------


def sources(args: argparse.Namespace) -> tuple[list[Path], list[str]]:
    """The C files to build and the extra flags they need."""
    if args.zlib:
        root = debsrc.fetch("zlib")
        # what zlib's ./configure writes into zconf.h on Linux (clang rejects the
        # implicit declarations of read/write/close without it)
        return [root / f"{name}.c" for name in ZLIB_FILES], [f"-I{root}", "-DHAVE_UNISTD_H"]
    progs = [Path(p) for p in args.programs] or sorted((HERE / "programs").glob("*.c"))
    return progs, []


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("programs", nargs="*", help="C files (default: bench/programs/*.c)")
    ap.add_argument("--zlib", action="store_true",
                    help="Debian's zlib library files (tests/realworld/debsrc.py fetches them)")
    ap.add_argument("--breakdown", action="store_true",
                    help="also atomc's uncovered scope bytes and short variables by reason")
    ap.add_argument("--list", action="append", default=[], metavar="CLASS",
                    help='with --breakdown: list the variables of that class ("param dead")')
    ap.add_argument("--keep", metavar="DIR", help="write the objects into DIR and keep them")
    args = ap.parse_args(argv)
    progs, flags = sources(args)
    totals = {c: dict.fromkeys(FIELDS, 0.0) for c in COMPILERS}
    with tempfile.TemporaryDirectory() as scratch:
        tmp = args.keep or scratch
        Path(tmp).mkdir(parents=True, exist_ok=True)
        objs: dict[str, list[Path]] = {c: [] for c in COMPILERS}
        for src in progs:
            for name, cmd in COMPILERS.items():
                obj = Path(tmp) / f"{src.stem}.{name}.o"
                subprocess.run([*cmd, *flags, "-c", str(src), "-o", str(obj)], check=True,
                               capture_output=True)
                objs[name].append(obj)
                for k, v in stats(obj).items():
                    totals[name][k] += v
        print(f"{'compiler':<10}{'variables':>10}{'with location':>15}{'scope bytes covered':>21}"
              f"{'whole scope covered':>21}")
        for name, t in totals.items():
            print(f"{name:<10}{int(t['vars']):>10}{_pct(t['with_loc'], t['vars']):>15}"
                  f"{_pct(t['covered'], t['scope']):>21}{_pct(t['whole'], t['measured']):>21}")
        print(f"over {len(progs)} {'zlib files' if args.zlib else 'programs'} at -O2 -g")
        if args.breakdown or args.list:
            print_breakdown(objs["atomc"], args.list)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
