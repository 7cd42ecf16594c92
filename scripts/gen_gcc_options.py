#!/usr/bin/env python3
"""Derive gcc's option inventory, once, as data for atomc's driver table.

Reads `gcc-12 --help=` for optimizers, target, common, warnings and c, and
writes `src/atomc/driver/gcc-options.tsv`: one row per option spelling with its
argument form, whether gcc also takes its `no-` form, the help lists naming it,
and for target options whether gcc documents it as enabling an instruction-set
extension. The valid `-march=`/`-mtune=` values are kept too. gcc's own
descriptions are not copied: atomc's table describes every class in its own words.

Run again only when the gcc atomc imitates changes:
    python scripts/gen_gcc_options.py [gcc-12]
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

LISTS = ("optimizers", "target", "common", "warnings", "c")
OUT = Path(__file__).resolve().parent.parent / "src" / "atomc" / "driver" / "gcc-options.tsv"
_LINE = re.compile(r"^  (-\S+)(?: (<[^>]*>|\[[^\]]*\]))?(?:\s|$)(.*)$")
_ENV = dict(os.environ, LC_ALL="C", LANG="C")


def _help(gcc: str, which: str) -> str:
    return subprocess.run([gcc, f"--help={which}"], capture_output=True, text=True, env=_ENV,
                          check=True).stdout


def _spellings(token: str, arg: str | None) -> list[tuple[str, str]]:
    """(spelling, form) pairs one help entry stands for."""
    if arg is not None:  # "-include <file>": the value is the next argument
        return [(token, "sep")]
    m = re.match(r"^(-[^<\[]*?=)[<\[]", token)  # -Wformat=<0,2>, -fcf-protection=[full|..]
    if m:
        return [(m.group(1), "eq")]
    m = re.match(r"^(-[^<\[]*?)\[(=?)[^\]]*\]$", token)  # -fcompare-debug[=<opts>]
    if m:
        base = m.group(1)
        return [(base, "flag"), (base + "=", "eq")] if m.group(2) else \
            [(base, "flag"), (base + "-", "joined")]
    m = re.match(r"^(-[^<\[]*?)[<\[]", token)  # -O<number>, -ffixed-<register>
    if m:
        return [(m.group(1), "joined")]
    if token.endswith("="):
        return [(token, "eq")]
    if token.endswith("-") and len(token) > 2:
        return [(token, "joined")]
    return [(token, "flag")]


def _negatable(gcc: str, flags: list[str]) -> set[str]:
    """Flags whose opposite (`-fno-x` for `-fx`, `-fx` for `-fno-x`) gcc accepts."""
    def opposite(s: str) -> str:  # -fx / -fno-x, -mx / -mno-x, -gx / -gno-x
        return s[:2] + s[5:] if s[2:5] == "no-" else s[:2] + "no-" + s[2:]
    candidates = {opposite(f): f for f in flags}
    proc = subprocess.run([gcc, "-E", "-x", "c", "/dev/null", "-o", "/dev/null",
                           *candidates], capture_output=True, text=True, env=_ENV)
    bad = set(re.findall(r"unrecognized command-line option '([^']+)'", proc.stderr))
    return {f for opp, f in candidates.items() if opp not in bad}


def _driver_rejects(gcc: str, rows: dict[tuple[str, str], dict[str, object]]) -> set[str]:
    """Spellings of the help lists that gcc's driver itself calls unrecognized
    (options only cc1 takes, such as -quiet and -imultiarch)."""
    words: list[str] = []
    informational = ("--help", "--version", "--target-help", "-fhelp", "-ftarget-help",
                     "-fversion")
    for spelling, form in rows:
        # -w would hide some of the very complaints looked for here
        if form == "flag" and spelling != "-w" and not spelling.startswith(informational):
            words.append(spelling)
        elif form == "sep":
            words += [spelling, "x"]

    def unrecognized(argv: list[str]) -> list[str]:
        proc = subprocess.run([gcc, "-E", "-x", "c", "/dev/null", "-o", "/dev/null", *argv],
                              capture_output=True, text=True, env=_ENV)
        return re.findall(r"unrecognized command-line option '([^ ']+)", proc.stderr)
    bad = set(unrecognized(words))
    for spelling, form in rows:  # "-Wformat-overflow<0,2>": one at a time, other options
        if form == "joined" and spelling.startswith("-W") and unrecognized([spelling + "1"]):
            bad.add(spelling)  # can hide these complaints
    return bad


def main(argv: list[str]) -> int:
    gcc = argv[1] if len(argv) > 1 else "gcc-12"
    version = subprocess.run([gcc, "-dumpfullversion"], capture_output=True, text=True,
                             check=True).stdout.strip()
    rows: dict[tuple[str, str], dict[str, object]] = {}
    values: dict[str, list[str]] = {}
    for which in LISTS:
        text = _help(gcc, which)
        for m in re.finditer(r"Known valid arguments for (-m\w+=) option:\n\s+(.*)", text):
            values[m.group(1)] = m.group(2).split()
        for line in text.splitlines():
            m = _LINE.match(line)
            if m is None or m.group(1).startswith("--help") or m.group(1) == "-":
                continue
            rest = m.group(3).strip()
            isa = which == "target" and rest.startswith("Support ")
            for spelling, form in _spellings(m.group(1), m.group(2)):
                row = rows.setdefault((spelling, form), {"lists": [], "isa": False})
                if which not in row["lists"]:
                    row["lists"].append(which)  # type: ignore[union-attr]
                row["isa"] = bool(row["isa"]) or isa
    for spelling in _driver_rejects(gcc, rows):
        for form in ("flag", "sep", "joined"):
            rows.pop((spelling, form), None)
    flags = [s for (s, f) in rows if f == "flag" and s[:2] in ("-f", "-m", "-g") and len(s) > 2]
    neg = _negatable(gcc, flags)
    out = [f"# gcc {version} option inventory, from `{os.path.basename(gcc)} --help={','.join(LISTS)}`.",
           "# Generated by scripts/gen_gcc_options.py; do not edit by hand.",
           "# spelling\tform(flag|eq|joined|sep)\tnegatable\thelp-lists\tisa"]
    for (spelling, form), row in sorted(rows.items()):
        out.append("\t".join([spelling, form, "yes" if spelling in neg and form == "flag" else
                              "no", ",".join(row["lists"]),  # type: ignore[arg-type]
                              "yes" if row["isa"] else "no"]))
    for name, vals in sorted(values.items()):
        out.append("\t".join(["#values", name, " ".join(vals)]))
    OUT.write_text("\n".join(out) + "\n")
    print(f"{OUT}: {len(rows)} options")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
