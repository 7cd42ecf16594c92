"""Real projects built with atomc: the tier's closing table, its triage, and zlib's speed.

    python bench/realworld_build.py [--packages a,b] [--levels O2,O0] [--jobs N] [--keep DIR]
    python bench/realworld_build.py --triage [--packages a,b] [--levels O0]
    python bench/realworld_build.py --zlib [--runs N] [--mb N]

Default: every recipe of `tests/realworld/packages.py` (Debian 12 source packages built
by their own build systems with Debian's flags, `pkgbuild.py`), one at a time, each with
gcc and with atomc at each level. Prints the table: package, build system, whether
atomc's build succeeded, its own test suite's passed/total for atomc and for gcc, the
CPU time of configure + build for each and their ratio, and the gdb check
(`pkggdb.py`) against gcc -O0's build. A failed atomc build prints the first lines of
the reason below the table.

--triage builds with `triage_cc.py` instead (atomc, with gcc redoing what atomc cannot)
and prints, per package, every option atomc rejected, every distinct diagnostic or
crash, and the suite's result on the mixed build: the list of what blocks each package.

--zlib: zlib's `./configure --static` and `make` times (wall clock, and the compilers'
CPU) for atomc -O0/-O2, gcc -O2 and clang-22 -O2, then each -O2 `minigzip` compressing
and decompressing a 50 MB file generated from a fixed seed (best of --runs); every
compressed output is checked equal to gcc's and every round trip to give back the input.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# every atomc command in a process of its own, as before the automatic compile
# server (server/auto.py), which would move compiles out of the processes measured
os.environ.setdefault("ATOMC_SERVER", "off")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "realworld"))
import debsrc  # noqa: E402
from packages import BY_ID, PACKAGES  # noqa: E402
from pkgbuild import CONFIGS, BuildFailed, PackageBuild, build_package, triage_log  # noqa: E402
from pkggdb import compare, gdb_session  # noqa: E402
from triage import report, summarise  # noqa: E402
from zlibbuild import ZlibBuild, ZlibBuildError, build_zlib  # noqa: E402

ATOMC = [sys.executable, "-m", "atomc"]
BUILDS: dict[str, tuple[list[str], list[str]]] = {
    "atomc -O0": (ATOMC, ["-O0", "-g"]),
    "atomc -O2": (ATOMC, ["-O2", "-g"]),
    "gcc -O2": (["gcc"], ["-O2", "-g"]),
    "clang-22 -O2": (["clang-22"], ["-O2", "-g"]),
}


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def build(rid: str, config: str, work: Path, jobs: int) -> PackageBuild | str:
    """The build with its suite run, or why it failed (first lines)."""
    try:
        return build_package(BY_ID[rid], CONFIGS[config], work, BY_ID, jobs)
    except BuildFailed as exc:
        return str(exc)
    except debsrc.SourceUnavailable as exc:
        return f"sources unavailable: {exc}"


def gdb_check(mine: PackageBuild, ref: PackageBuild | str, level: str, work: Path) -> str:
    if isinstance(ref, str):
        return "no gcc -O0 reference"
    problems = compare(gdb_session(mine, work / f"{mine.recipe.id}-{mine.config.name}.json"),
                       gdb_session(ref, work / f"{ref.recipe.id}-gcc-O0.json"), level, mine)
    return "ok" if not problems else f"FAIL: {problems[0][:70]}"


def cpu(b: PackageBuild) -> float:
    return b.configure_cpu + b.build_cpu


def table(args: argparse.Namespace, work: Path) -> int:
    """Build every chosen recipe with gcc and atomc; print the closing-note table."""
    levels = args.levels.split(",")
    cols = ["package", "build system"]
    for lv in levels:
        cols += [f"atomc -{lv} build", f"tests atomc -{lv}", f"gcc -{lv}",
                 f"CPU s atomc -{lv}", "gcc", "ratio", f"gdb -{lv}"]
    print(" | ".join(cols))
    print("|".join("---" for _ in cols))
    notes: list[str] = []
    for rid in args.packages.split(",") if args.packages else [r.id for r in PACKAGES]:
        recipe = BY_ID[rid]
        ref_o0 = build(rid, "gcc-O0", work, args.jobs)
        row = [rid, recipe.system.value]
        for lv in levels:
            ref = ref_o0 if lv == "O0" else build(rid, f"gcc-{lv}", work, args.jobs)
            mine = build(rid, f"atomc-{lv}", work, args.jobs)
            gcc_tests = ref.suite if isinstance(ref, PackageBuild) else "failed"
            gcc_cpu = f"{cpu(ref):.0f}" if isinstance(ref, PackageBuild) else "-"
            if isinstance(mine, str):
                notes.append(f"{rid} atomc -{lv}: {mine.splitlines()[0][:300]}")
                row += ["no", "-", str(gcc_tests), "-", gcc_cpu, "-", "-"]
                continue
            ratio = f"{cpu(mine) / cpu(ref):.1f}x" if isinstance(ref, PackageBuild) else "-"
            row += ["yes", str(mine.suite), str(gcc_tests), f"{cpu(mine):.0f}", gcc_cpu, ratio,
                    gdb_check(mine, ref_o0, lv, work)]
        print(" | ".join(row), flush=True)
    for n in notes:
        print(n)
    return 0


def triage_all(args: argparse.Namespace, work: Path) -> int:
    """Triage builds: everything that blocks each package, in one pass per package."""
    for rid in args.packages.split(",") if args.packages else [r.id for r in PACKAGES]:
        for lv in args.levels.split(","):
            ref = build(rid, f"gcc-{lv}", work, args.jobs)
            mixed = build(rid, f"atomc-triage-{lv}", work, args.jobs)
            gcc_tests = ref.suite if isinstance(ref, PackageBuild) else f"failed: {ref[:200]}"
            result = (f"build failed even with gcc's help: {mixed[:1500]}"
                      if isinstance(mixed, str) else f"own tests {mixed.suite} (gcc {gcc_tests})")
            print(f"== {rid} -{lv}: {result}")
            log = triage_log(work / f"atomc-triage-{lv}", BY_ID[rid])
            if log.is_file():
                print(report(rid, summarise(log)), flush=True)
    return 0


def make_data(path: Path, megabytes: int) -> None:
    """Pseudo-text from zlib's own vocabulary, with runs of noise: compressible, not trivially."""
    src = debsrc.fetch("zlib")
    words = sorted({w for f in sorted(src.glob("*.[ch]")) for w in f.read_text().split()})
    rng = random.Random(20240601)
    want = megabytes << 20
    with open(path, "wb") as out:
        size = 0
        while size < want:
            chunk = " ".join(rng.choices(words, k=20000)).encode() + rng.randbytes(4096)
            out.write(chunk[:want - size])
            size += min(len(chunk), want - size)


def timed(argv: list[str], stdin: Path, stdout: Path) -> float:
    with open(stdin, "rb") as i, open(stdout, "wb") as o:
        start = time.monotonic()
        subprocess.run(argv, stdin=i, stdout=o, check=True)
        return time.monotonic() - start


def zlib_main(args: argparse.Namespace) -> int:
    """zlib's configure + make times per compiler, then minigzip's speed."""
    work = args.keep or Path(tempfile.mkdtemp(prefix="atomc-zlib-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    package = debsrc.fetch("zlib")
    builds: dict[str, ZlibBuild] = {}
    print(f"zlib from {package}, make -j{args.jobs}")
    print(f"{'build':<14} {'configure s':>12} {'make s':>8} {'compiler CPU s':>15}")
    for name, (cc, flags) in BUILDS.items():
        if shutil.which(cc[0]) is None:
            print(f"{name:<14} skipped: {cc[0]} not installed")
            continue
        cpu = children_cpu()
        try:
            b = build_zlib(package, work / name.replace(" ", "_"), cc, flags, jobs=args.jobs)
        except ZlibBuildError as exc:
            print(f"{name}: build failed: {exc}")
            return 1
        cpu = children_cpu() - cpu
        builds[name] = b
        print(f"{name:<14} {b.configure_seconds:>12.1f} {b.make_seconds:>8.1f} {cpu:>15.1f}",
              flush=True)
    data = work / "data.bin"
    make_data(data, args.mb)
    print(f"\nminigzip on {args.mb} MB (best of {args.runs}):")
    print(f"{'build':<14} {'compress s':>11} {'decompress s':>13} {'vs gcc':>7}")
    ref_gz: bytes | None = None
    gcc_total = None
    for name in sorted((n for n in builds if n.endswith("-O2")), key=lambda n: n != "gcc -O2"):
        b = builds[name]
        gz, back = work / f"{b.dir.name}.gz", work / f"{b.dir.name}.out"
        comp = min(timed([str(b.minigzip)], data, gz) for _ in range(args.runs))
        dec = min(timed([str(b.minigzip), "-d"], gz, back) for _ in range(args.runs))
        if back.read_bytes() != data.read_bytes():
            print(f"{name}: round trip FAILED")
            return 1
        packed = gz.read_bytes()
        if name == "gcc -O2":
            ref_gz, gcc_total = packed, comp + dec
        ratio = f"{(comp + dec) / gcc_total:.2f}x" if gcc_total else "-"
        print(f"{name:<14} {comp:>11.2f} {dec:>13.2f} {ratio:>7}", flush=True)
        if ref_gz is not None and packed != ref_gz:
            print(f"{name}: compressed bytes differ from gcc's")
            return 1
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--packages", help="comma-separated recipe ids (default: all)")
    ap.add_argument("--levels", default="O2", help="atomc levels, e.g. O2,O0 (default O2)")
    ap.add_argument("--jobs", type=int, default=2, help="make -jN (default 2)")
    ap.add_argument("--keep", type=Path, help="build here and keep the builds")
    ap.add_argument("--triage", action="store_true", help="list what blocks each package")
    ap.add_argument("--zlib", action="store_true", help="zlib's build and minigzip speed")
    ap.add_argument("--runs", type=int, default=3, help="--zlib: minigzip runs, best kept")
    ap.add_argument("--mb", type=int, default=50, help="--zlib: size of the data file")
    args = ap.parse_args()
    unknown = [r for r in (args.packages or "").split(",") if r and r not in BY_ID]
    if unknown:  # before any build starts, not after an hour of them
        ap.error(f"unknown recipe id(s) {', '.join(unknown)}; known: {', '.join(sorted(BY_ID))}")
    if args.zlib:
        return zlib_main(args)
    work = args.keep or Path(tempfile.mkdtemp(prefix="atomc-realworld-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        return triage_all(args, work) if args.triage else table(args, work)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
