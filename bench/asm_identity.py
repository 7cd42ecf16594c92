#!/usr/bin/env python3
"""Proves that a change to the compiler leaves its output byte for byte the same.

Compiles every `tests/exec/programs/*.c`, every `bench/programs/*.c`, two
generated long functions (bench/scaling_source.py) and, with --projects, the C
files of Debian's zlib and Lua (tests/realworld/debsrc.py's cache) at -O0,
-O0 -g, -O2 and -O2 -g to assembly, and records the SHA-256 of each output (`record`)
or compares against a recorded set (`compare`, exit 1 on any difference).
`record --resume` keeps what the file holds, compiles only what it lacks and saves
as it goes, so a run stopped on a loaded machine continues where it was; `diff A B`
compares two records (a baseline's and a change's, made side by side) without
compiling. With --asm-dir the assembly itself is kept, so a difference can be diffed.
Sources are compiled from copies under /tmp/atomc-asm-identity at paths named by
their content, so a record made in one checkout compares with a run in another (a
worktree), and runs from several checkouts at once do not disturb each other.

    python bench/asm_identity.py record  /tmp/asm-baseline.json --asm-dir /tmp/asm-base
    python bench/asm_identity.py compare /tmp/asm-baseline.json --asm-dir /tmp/asm-new
    python bench/asm_identity.py diff /tmp/asm-baseline.json /tmp/asm-change.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

# every atomc command in a process of its own, as before the automatic compile
# server (server/auto.py), which would move compiles out of the processes measured
os.environ.setdefault("ATOMC_SERVER", "off")

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests" / "realworld"))
from scaling_source import generate  # noqa: E402

CONFIGS: dict[str, tuple[str, ...]] = {
    "O0": ("-O0",),
    "O0g": ("-O0", "-g"),
    "O2": ("-O2",),
    "O2g": ("-O2", "-g"),
}
GENERATED = (250, 1000)
# Generated sources live at a fixed path: -g output names the file and its directory.
GEN_DIR = Path("/tmp/atomc-asm-identity")


@dataclass(frozen=True, slots=True)
class Source:
    key: str                 # stable name in the record
    path: Path
    flags: tuple[str, ...]   # extra flags (include paths, defines)


def _staged(src: Path, folder: str) -> Path:
    """A copy of `src` at a fixed path, so checkouts in different directories
    (worktrees) give the same -g output (DW_AT_name, .file) for it."""
    text = src.read_bytes()
    # one folder per content: two checkouts with different copies never overwrite each
    # other's file while the other compiles it
    path = GEN_DIR / folder / hashlib.sha256(text).hexdigest()[:12] / src.name
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != text:
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        tmp.write_bytes(text)
        os.replace(tmp, path)  # atomic: runs from several checkouts may stage at once
    return path


def sources(projects: bool) -> list[Source]:
    GEN_DIR.mkdir(parents=True, exist_ok=True)
    out = [Source(f"exec/{p.name}", _staged(p, "exec"), ("-std=gnu11", "-w"))
           for p in sorted((ROOT / "tests" / "exec" / "programs").glob("*.c"))]
    out += [Source(f"bench/{p.name}", _staged(p, "bench"), ())
            for p in sorted((HERE / "programs").glob("*.c"))]
    for n in GENERATED:
        path = GEN_DIR / f"scaling_{n}.c"
        text = generate(n)
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        out.append(Source(f"gen/scaling_{n}.c", path, ()))
    if projects:
        out += _project_sources()
    return out


def _project_sources() -> list[Source]:
    import debsrc
    from luabuild import FILES, LUA_FLAGS, MULTIARCH_HEADER, source_dir
    out: list[Source] = []
    zlib = debsrc.locate("zlib")
    if zlib is not None:
        # what zlib's configure finds on Linux (gz*.c need unistd.h's read/write/lseek)
        flags = ("-w", "-DHAVE_UNISTD_H", "-D_LARGEFILE64_SOURCE=1")
        out += [Source(f"zlib/{p.name}", p, flags) for p in sorted(zlib.glob("*.c"))]
    lua = debsrc.locate("lua5.4")
    if lua is not None:
        inc = GEN_DIR / "lua-include"
        inc.mkdir(exist_ok=True)
        (inc / MULTIARCH_HEADER).write_text('#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"\n')
        out += [Source(f"lua/{n}.c", source_dir(lua) / f"{n}.c", (*LUA_FLAGS, "-I", str(inc)))
                for n in FILES]
    return out


def compile_one(src: Source, config: str, asm_dir: Path | None) -> tuple[str, str, float]:
    cmd = [sys.executable, "-m", "atomc", *CONFIGS[config], *src.flags, "-S", str(src.path),
           "-o", "-"]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, timeout=3600, check=False, cwd=GEN_DIR)
    seconds = time.perf_counter() - start
    key = f"{src.key}:{config}"
    if proc.returncode != 0:
        digest = f"error {proc.returncode}: " + proc.stderr.decode(errors="replace")[-300:]
    else:
        digest = hashlib.sha256(proc.stdout).hexdigest()
        if asm_dir is not None:
            target = asm_dir / f"{src.key.replace('/', '__')}.{config}.s"
            target.write_bytes(proc.stdout)
    return key, digest, seconds


def run_all(projects: bool, asm_dir: Path | None, jobs: int,
            only: str | None, configs: tuple[str, ...] = tuple(CONFIGS),
            done: frozenset[str] = frozenset(),
            checkpoint: Callable[[dict[str, str]], None] | None = None) -> dict[str, str]:
    """The digest of every compile not in `done`; `checkpoint` sees the results so
    far every 10 compiles."""
    if asm_dir is not None:
        asm_dir.mkdir(parents=True, exist_ok=True)
    work = [(s, c) for s in sources(projects) for c in configs
            if (only is None or any(o in s.key for o in only.split(",")))
            and f"{s.key}:{c}" not in done]
    # slowest first, so the pool does not end on one long compile
    work.sort(key=lambda sc: (not sc[0].key.startswith(("lua/", "gen/")), sc[0].key, sc[1]))
    result: dict[str, str] = {}
    total = 0.0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for key, digest, seconds in pool.map(lambda sc: compile_one(*sc, asm_dir), work):
            result[key] = digest
            total += seconds
            if checkpoint is not None and len(result) % 10 == 0:
                checkpoint(result)
    print(f"{len(result)} compiles, {total:.0f} s of compile wall time", file=sys.stderr)
    return dict(sorted(result.items()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("record", "compare", "diff"))
    ap.add_argument("record_file", type=Path)
    ap.add_argument("other_record", type=Path, nargs="?", help="diff: the second record")
    ap.add_argument("--resume", action="store_true",
                    help="record: compile only what the file lacks, saving as it goes")
    ap.add_argument("--asm-dir", type=Path, help="also keep each assembly file here")
    ap.add_argument("--projects", action="store_true", help="add zlib's and Lua's C files")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="only sources whose key contains this (or one of these, "
                    "comma-separated)")
    ap.add_argument("--configs", default=",".join(CONFIGS),
                    help="comma-separated subset of " + ", ".join(CONFIGS))
    args = ap.parse_args()
    configs = tuple(args.configs.split(","))
    unknown = [c for c in configs if c not in CONFIGS]
    if unknown:
        ap.error(f"unknown config {', '.join(unknown)}")
    if args.mode == "diff":
        if args.other_record is None:
            ap.error("diff needs two record files")
        return _report(json.loads(args.record_file.read_text()),
                       json.loads(args.other_record.read_text()), common_only=True)
    old: dict[str, str] = {}
    if args.mode == "record" and (args.only or args.resume) and args.record_file.exists():
        old = json.loads(args.record_file.read_text())  # a partial run updates the record
    done = frozenset(k for k, v in old.items() if not v.startswith("error")) \
        if args.resume else frozenset()

    def save(new: dict[str, str]) -> None:
        tmp = args.record_file.with_name(args.record_file.name + ".tmp")
        tmp.write_text(json.dumps(dict(sorted({**old, **new}.items())), indent=1) + "\n")
        os.replace(tmp, args.record_file)

    hashes = run_all(args.projects, args.asm_dir, args.jobs, args.only, configs, done,
                     save if args.mode == "record" and args.resume else None)
    if args.mode == "record":
        save(hashes)
        hashes = {**old, **hashes}
        errors = [k for k, v in hashes.items() if v.startswith("error")]
        print(f"recorded {len(hashes)} outputs ({len(errors)} compile errors) in "
              f"{args.record_file}")
        return 0
    return _report(json.loads(args.record_file.read_text()), hashes, common_only=False)


def _report(base: dict[str, str], hashes: dict[str, str], common_only: bool) -> int:
    """Print each difference and the counts; 1 when an output differs."""
    differ = [k for k in hashes if k in base and base[k] != hashes[k]]
    missing = [k for k in hashes if k not in base]
    for k in differ:
        print(f"DIFFERS  {k}")
    for k in ([] if common_only else missing):
        print(f"NEW      {k}")
    errors = sum(1 for k in hashes if base.get(k) == hashes[k] and hashes[k].startswith("error"))
    same = len(hashes) - len(differ) - len(missing)
    print(f"{same} identical ({errors} of them compile errors on both sides), "
          f"{len(differ)} different, {len(missing)} not in the record"
          + (f", {sum(1 for k in base if k not in hashes)} only in the first" if common_only
             else ""))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
