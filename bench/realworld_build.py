"""zlib (Debian's source package) as a real-world benchmark for atomc.

Prints, for atomc -O0 and -O2, gcc -O2 and clang-22 -O2 (all with -g): the time of
zlib's `./configure --static` and of `make libz.a example minigzip` (wall clock, and
the CPU time of the compilers, which does not depend on how loaded the machine is);
then, for each -O2 build, how long its `minigzip` takes to compress and to decompress
a 50 MB file generated from a fixed seed (best of --runs). Every compressed output is
checked equal to gcc's and every round trip to give back the input.

    python bench/realworld_build.py [--jobs N] [--runs N] [--mb N] [--keep DIR]
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "realworld"))
import debsrc  # noqa: E402
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2, help="make -jN (default 2)")
    ap.add_argument("--runs", type=int, default=3, help="minigzip runs, best kept (default 3)")
    ap.add_argument("--mb", type=int, default=50, help="size of the data file (default 50)")
    ap.add_argument("--keep", type=Path, help="build here and keep the builds")
    args = ap.parse_args()
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


if __name__ == "__main__":
    sys.exit(main())
