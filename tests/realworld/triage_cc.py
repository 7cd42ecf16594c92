"""A triage compiler: atomc where it can, gcc where it cannot, and a record of every gap.

Not a configuration any test passes on: it exists to list, for a whole package build,
everything that stands between atomc and a real build, beyond the first error a plain
`CC=atomc` build stops at. Used as CC (through a wrapper script, see `pkgbuild.py`), for
each command line it:

1. runs atomc; an option atomc rejects ("unrecognized command-line option") that only
   tunes the output (`-f...`, `-W...`, `-m...`, dependency-file options, ...) is dropped
   and atomc runs again; one that changes what is produced (`-shared`, `-M`, `-E`,
   `-print-...`, ...) hands the command to gcc;
2. when atomc compiled but dropped dependency-file options, gcc writes the dependency
   file (to a scratch object), so make and ninja still see one;
3. when atomc fails otherwise (a diagnostic, a crash), gcc runs the original command so
   the build goes on (a failure gcc shares is a configure probe meant to fail);
4. the compiler's identity (`--version`, `-dumpversion`, `-dumpmachine`) is gcc's,
   atomc's answer being recorded: build systems choose their compiler model from it;
5. a `-shared` link of atomc's objects (atomc does not yet make PIC code) that the
   linker refuses is retried with `-Wl,-Bsymbolic`, which lets the library keep
   atomc's code.

Each command appends one JSON line to $TRIAGE_LOG; `triage.py` summarises them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ATOMC = [sys.executable, "-m", "atomc"]
UNKNOWN = re.compile(r"unrecognized command-line option '([^']+)'")
TAKES_ARG = {"-MF", "-MT", "-MQ", "-x", "-o", "-include", "-imacros", "-isystem", "-iquote",
             "-idirafter", "-Xlinker", "-Xassembler", "-Xpreprocessor", "--param", "-aux-info"}
DEP_OPTIONS = {"-MD", "-MMD", "-MF", "-MT", "-MQ", "-MP"}
# options that change what the command produces: never dropped
PRODUCT = re.compile(r"^(-shared|-static|-r|-M|-MM|-MG|-E|-S|-dM|-dD|-dump.*|-print-.*|-v|"
                     r"-###|--version|--help.*|-x\w*|-|-nostdlib|-nostartfiles|-pie|-no-pie)$")
# the compiler's identity: build systems decide from it what compiler they have (Meson
# knows none that does not answer like gcc or clang), so gcc answers, and atomc's answer
# is only recorded
IDENTITY = {"--version", "-dumpversion", "-dumpfullversion", "-dumpmachine"}
NOT_PIC = "recompile with -fPIC"


STDIN = sys.stdin.buffer.read() if "-" in sys.argv[1:] else b""   # read once, fed to each try


def run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(argv, capture_output=True, input=STDIN)
    return subprocess.CompletedProcess(argv, r.returncode, r.stdout.decode(errors="replace"),
                                       r.stderr.decode(errors="replace"))


def drop(args: list[str], opt: str) -> list[str]:
    i = args.index(opt)
    return args[:i] + args[i + (2 if opt in TAKES_ARG else 1):]


def gcc_deps(orig: list[str]) -> int:
    """gcc writes the dependency file of a compile whose object atomc wrote."""
    out = orig[orig.index("-o") + 1] if "-o" in orig else None
    with tempfile.TemporaryDirectory() as tmp:
        args = list(orig)
        if out is not None:
            args[args.index("-o") + 1] = str(Path(tmp) / "scratch.o")
            if ("-MD" in args or "-MMD" in args) and "-MF" not in args:
                args += ["-MF", str(Path(out).with_suffix(".d"))]
            if not {"-MT", "-MQ"} & set(args):
                args += ["-MT", out]
        return run(["gcc", *args]).returncode


def keep_sources(args: list[str]) -> list[str]:
    """Copies of a failed command's C inputs (configure deletes its conftest.c), next to
    the log, to reproduce the failure from."""
    log = os.environ.get("TRIAGE_LOG")
    if not log:
        return []
    where = Path(log + ".src")
    kept = []
    for a in args:
        src = Path(a)
        if a.endswith((".c", ".i")) and src.is_file() and src.stat().st_size < 1 << 20:
            where.mkdir(exist_ok=True)
            keep = where / f"{len(list(where.iterdir()))}-{src.name}"
            shutil.copyfile(src, keep)
            kept.append(str(keep))
    return kept


def triage(orig: list[str]) -> tuple[int, dict]:
    entry: dict = {"cwd": os.getcwd(), "argv": orig, "dropped": [], "compile": "-c" in orig}
    if IDENTITY & set(orig):
        mine, g = run([*ATOMC, *orig]), run(["gcc", *orig])
        entry.update(identity=mine.stdout[:300] + mine.stderr[:300], gcc=g.returncode)
        sys.stdout.write(g.stdout)
        sys.stderr.write(g.stderr)
        return g.returncode, entry
    args = list(orig)
    while True:
        r = run([*ATOMC, *args])
        m = UNKNOWN.search(r.stderr) if r.returncode != 0 else None
        if m is None or m[1] not in args:
            break
        if PRODUCT.match(m[1]):
            entry["delegated"] = m[1]
            break
        entry["dropped"].append(m[1])
        args = drop(args, m[1])
    if r.returncode == 0 and "delegated" not in entry:
        entry["atomc"] = "ok"
        if DEP_OPTIONS & set(entry["dropped"]) and "-c" in orig:
            entry["gcc_deps"] = gcc_deps(orig)
        sys.stdout.write(r.stdout)
        sys.stderr.write(r.stderr)
        return 0, entry
    if "delegated" not in entry:
        entry["atomc"] = "error"
        entry["error"] = r.stderr[-3000:]
        entry["status"] = r.returncode
        entry["sources"] = keep_sources(orig)
    g = run(["gcc", *orig])
    if g.returncode != 0 and "-shared" in orig and NOT_PIC in g.stderr:
        entry["bsymbolic"] = True
        g = run(["gcc", *orig, "-Wl,-Bsymbolic"])
    entry["gcc"] = g.returncode
    sys.stdout.write(g.stdout)
    sys.stderr.write(g.stderr)
    return g.returncode, entry


def main() -> int:
    status, entry = triage(sys.argv[1:])
    log = os.environ.get("TRIAGE_LOG")
    if log:
        with open(log, "a") as out:
            out.write(json.dumps(entry) + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
