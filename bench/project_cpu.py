#!/usr/bin/env python3
"""Compile CPU time of whole projects: every C file of Debian's zlib and Lua 5.4
(the sources tests/realworld/debsrc.py fetches), compiled one at a time with
`-c` by atomc and by gcc at -O0 -g and -O2 -g, with the flags their builds use.

CPU time (user + system of the compiler and its children, from wait4) does not
depend on how loaded the machine is; peak memory is the largest single compile.
Prints per project and level: atomc's and gcc's CPU seconds and the ratio.
The target (issue 13) is atomc within 3x of gcc.

With --server, atomc also compiles every file through a compile server
(`atomc-server`, started for each project and level): CPU is then the clients'
plus the server's (its start-up imports included), read from the server's
resource usage once it has exited, so there is no per-file peak for it.
The per-process columns run with ATOMC_SERVER=off. With --auto, atomc also
compiles every file in the default mode (ATOMC_SERVER unset, a new private
XDG_RUNTIME_DIR per project and level): the build's second compile starts the
automatic server, which serves the rest; CPU is the clients' plus the server's
whole life (its own and its reaped children's, from /proc before it is stopped).

atomc keeps the parse of the headers it reads in its parse cache
(frontend/parse_cache.py), so a second run of this benchmark finds them parsed.
--cold-cache gives each atomc pass (per-process, served) a new empty cache: the
cost of a first build, where only headers shared by the project's files hit.

The "atomc" columns are the pure-Python package (ATOMC_COMPILED=0, whatever
install.sh built). --compiled DIR also runs atomc from the mypyc-compiled copy that
scripts/build_compiled.py makes (DIR = build/compiled, which install.sh builds and
`atomc` runs by default while it is fresh): the same compiles, per process and
(with --server) served, with DIR first on PYTHONPATH; its columns follow the
pure-Python ones.

--command PATH also runs the `atomc` command a user runs (the launcher install.sh
writes into the venv, PATH = .venv/bin/atomc) per process (ATOMC_SERVER=off), with
the user's defaults: the compiled copy while it is fresh, the interpreter started
as the launcher starts it. It is the per-process figure as a user's build sees it;
`python -m atomc` (the other columns) skips what the launcher saves.

--runs N measures every column N times over (each run compiles every file with
every compiler in turn, so a slow spell of a shared machine falls on all of them)
and prints each column's median run, with the spread of the command's (or else
the pure package's) ratio over the runs. The first line names the interpreters.

    python bench/project_cpu.py [--projects zlib,lua] [--levels -O0,-O2] [--server]
                                [--auto] [--cold-cache] [--compiled build/compiled]
                                [--command .venv/bin/atomc] [--runs 1]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from atomc.frontend.parse_cache import ENV_VAR as PARSE_CACHE_VAR
from atomc.server.spawn import start_server

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "realworld"))
import debsrc  # noqa: E402
from luabuild import FILES, LUA_FLAGS, MULTIARCH_HEADER, source_dir  # noqa: E402

GCC = shutil.which("gcc-12") or "gcc"
COMPILERS = {"atomc": [sys.executable, "-m", "atomc"], "gcc": [GCC]}


SERVER_VAR = "ATOMC_SERVER"
# the pure package (the launcher would otherwise run the checkout's compiled copy),
# every compile in a process of its own (not the automatic server's)
PLAIN_ENV = {k: v for k, v in os.environ.items() if k != SERVER_VAR} | {
    "ATOMC_COMPILED": "0", SERVER_VAR: "off"}
# the installed command as a user runs it, one process per file
COMMAND_ENV = {k: v for k, v in os.environ.items()
               if k not in (SERVER_VAR, "ATOMC_COMPILED", "PYTHONPATH")} | {SERVER_VAR: "off"}


def fresh_cache(env: dict[str, str], tmp: Path | None) -> dict[str, str]:
    """`env` with a new empty parse cache under `tmp` (None: as it is)."""
    if tmp is None:
        return env
    return env | {PARSE_CACHE_VAR: tempfile.mkdtemp(prefix="parse-cache-", dir=tmp)}


def run(cmd: list[str], env: dict[str, str] = PLAIN_ENV) -> tuple[float, float]:
    """(CPU seconds, peak MB) of one compile."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    err = proc.stderr.read() if proc.stderr else b""
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"failed: {' '.join(cmd)}\n{err.decode(errors='replace')[-2000:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def project_files(name: str, tmp: Path) -> list[tuple[Path, list[str]]]:
    if name == "zlib":
        root = debsrc.fetch("zlib")
        # what zlib's configure finds on Linux
        flags = ["-w", "-DHAVE_UNISTD_H", "-D_LARGEFILE64_SOURCE=1"]
        return [(p, flags) for p in sorted(root.glob("*.c"))
                if p.name not in ("example.c", "minigzip.c")]
    root = source_dir(debsrc.fetch("lua5.4"))
    (tmp / MULTIARCH_HEADER).write_text('#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"\n')
    flags = [*LUA_FLAGS, "-w", "-I", str(tmp)]
    return [(root / f"{n}.c", flags) for n in FILES]


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def served_cpu(files: list[tuple[Path, list[str]]], level: str, tmp: Path,
               base_env: dict[str, str] = PLAIN_ENV) -> float:
    """CPU seconds of compiling `files` through a new compile server: the clients',
    the server's and its children's, all reaped under this process."""
    sock = tmp / "server.sock"
    before = _children_cpu()
    server = start_server(sock, env=base_env)
    if server is None:
        raise SystemExit("atomc-server did not start")
    env = base_env | {SERVER_VAR: str(sock)}
    try:
        for src, flags in files:
            run([*COMPILERS["atomc"], level, "-g", *flags, "-c", str(src),
                 "-o", str(tmp / "out.o")], env)
    finally:
        server.terminate()
        server.wait()
    return _children_cpu() - before


def _proc_cpu(pid: int) -> float:
    """CPU seconds of process `pid` so far, its reaped children's included
    (utime + stime + cutime + cstime of /proc/PID/stat)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2:].split()  # from field 3, state
    ticks = sum(int(f) for f in fields[11:15])   # fields 14-17
    return ticks / os.sysconf("SC_CLK_TCK")


def _daemons(folder: Path) -> list[int]:
    """The live processes whose command line names `folder` (its automatic servers)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                args = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
                state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue
            if os.fsencode(str(folder)) in args and state != "Z":
                found.append(int(entry))
    return found


def auto_cpu(files: list[tuple[Path, list[str]]], level: str, tmp: Path,
             base_env: dict[str, str] = PLAIN_ENV) -> float:
    """CPU seconds of compiling `files` in the default mode (ATOMC_SERVER unset): a
    new private runtime folder, where the build's second compile starts the
    automatic server that serves the rest. The clients' CPU (the starter's fork
    included) comes from wait4; the server's, which no one here reaps, is its own
    plus its reaped children's from /proc once the last compile returned (each
    client gets its status after its compile was reaped), read before stopping it."""
    xdg = Path(tempfile.mkdtemp(prefix="ab", dir="/tmp"))  # short: a socket path <= 107
    env = {k: v for k, v in base_env.items() if k != SERVER_VAR} | {"XDG_RUNTIME_DIR": str(xdg)}
    folder = xdg / "atomc"
    total = 0.0
    try:
        for src, flags in files:
            total += run([*COMPILERS["atomc"], level, "-g", *flags, "-c", str(src),
                          "-o", str(tmp / "out.o")], env)[0]
        pids = _daemons(folder)
        if len(pids) != 1:
            raise SystemExit(f"expected one automatic server, found {pids}")
        [pid] = pids
        while not list(folder.glob("*.sock")):  # a server still starting works on
            time.sleep(0.05)
        total += _proc_cpu(pid)
        os.kill(pid, signal.SIGTERM)
        while _daemons(folder):
            time.sleep(0.05)
    finally:
        for pid in _daemons(folder):
            os.kill(pid, signal.SIGKILL)
        shutil.rmtree(xdg, ignore_errors=True)
    return total


def compiled_env(env: dict[str, str], tree: Path) -> dict[str, str]:
    """`env` running atomc from the compiled copy in `tree`."""
    if not (tree / "atomc" / "COMPILED").exists():
        raise SystemExit(f"{tree}: no compiled build (run scripts/build_compiled.py)")
    path = [str(tree.resolve()), *filter(None, [env.get("PYTHONPATH")])]
    return env | {"PYTHONPATH": os.pathsep.join(path)}


def interpreter_of(launcher: Path) -> str:
    """The Python a launcher script runs: its version and base prefix."""
    first = launcher.read_text(encoding="utf-8", errors="replace").splitlines()[0]
    python = first.removeprefix("#!").split()[0]
    out = subprocess.run([python, "-S", "-c", "import sys; print(sys.version.split()[0], "
                          "sys.base_prefix)"], capture_output=True, text=True, check=True)
    version, prefix = out.stdout.split()
    return f"Python {version} ({prefix})"


@dataclass(slots=True)
class Run:
    """One run of every column: CPU seconds per column key ("atomc" is the pure
    package), atomc's peak MB and its slowest file."""

    cpu: dict[str, float] = field(default_factory=lambda: dict.fromkeys(
        ("atomc", "gcc", "compiled", "command"), 0.0))
    peak: float = 0.0
    slowest: tuple[str, float] = ("", 0.0)


def columns(args: argparse.Namespace) -> list[tuple[str, str, int]]:
    """The columns after the pure package's, as (key in Run.cpu, title, width)."""
    out = [("served", "served CPU s", 14)] if args.server else []
    out += [("auto", "auto CPU s", 12)] if args.auto else []
    if args.compiled:
        out += [("compiled", "compiled CPU s", 16)]
        out += [("compiled served", "compiled served", 17)] if args.server else []
        out += [("compiled auto", "compiled auto", 15)] if args.auto else []
    out += [("command", "command CPU s", 15)] if args.command else []
    return out


def measure(files: list[tuple[Path, list[str]]], level: str, tmp: Path,
            args: argparse.Namespace) -> Run:
    """One run of every column."""
    r = Run()
    cpu = r.cpu
    cold = tmp if args.cold_cache else None
    env = fresh_cache(PLAIN_ENV, cold)
    command_env = fresh_cache(COMMAND_ENV, cold)
    cenv = compiled_env(fresh_cache(PLAIN_ENV, cold), args.compiled) if args.compiled else env
    for src, flags in files:
        tail = [level, "-g", *flags, "-c", str(src), "-o", str(tmp / "out.o")]
        for cc, base in COMPILERS.items():
            t, mb = run([*base, *tail], env)
            cpu[cc] += t
            if cc != "atomc":
                continue
            if args.command:
                cpu["command"] += run([str(args.command), *tail], command_env)[0]
            if args.compiled:
                cpu["compiled"] += run([*base, *tail], cenv)[0]
            r.peak = max(r.peak, mb)
            if t > r.slowest[1]:
                r.slowest = (src.name, t)
    if args.server:
        cpu["served"] = served_cpu(files, level, tmp, fresh_cache(PLAIN_ENV, cold))
    if args.auto:
        cpu["auto"] = auto_cpu(files, level, tmp, fresh_cache(PLAIN_ENV, cold))
    if args.compiled and args.server:
        cpu["compiled served"] = served_cpu(
            files, level, tmp, compiled_env(fresh_cache(PLAIN_ENV, cold), args.compiled))
    if args.compiled and args.auto:
        cpu["compiled auto"] = auto_cpu(
            files, level, tmp, compiled_env(fresh_cache(PLAIN_ENV, cold), args.compiled))
    return r


def row(project: str, level: str, runs: list[Run], args: argparse.Namespace) -> str:
    """The table's line for a project and level: each column's median over `runs`
    (a run's own gcc time is the base of its ratios), and with several runs the
    range of the headline ratio."""
    def ratios(key: str) -> list[float]:
        return sorted(r.cpu[key] / r.cpu["gcc"] for r in runs)

    def cell(key: str, width: int) -> str:
        seconds = statistics.median(r.cpu[key] for r in runs)
        return f"{seconds:>{width}.1f}{statistics.median(ratios(key)):>7.1f}x"

    peak = max(r.peak for r in runs)
    name, seconds = max((r.slowest for r in runs), key=lambda s: s[1])
    atomc, gcc = (statistics.median(r.cpu[key] for r in runs) for key in ("atomc", "gcc"))
    line = (f"{project:<8}{level:<8}{atomc:>12.1f}{gcc:>11.1f}"
            f"{statistics.median(ratios('atomc')):>7.1f}x{peak:>15.0f}{name:>22} {seconds:.1f}s")
    line += "".join(cell(key, width) for key, _, width in columns(args))
    if len(runs) > 1:
        key = "command" if args.command else "atomc"
        spread = ratios(key)
        line += f"   ({key} ratio over {len(runs)} runs: {spread[0]:.2f}x-{spread[-1]:.2f}x)"
    return line


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--projects", default="zlib,lua")
    ap.add_argument("--levels", default="-O0,-O2")
    ap.add_argument("--server", action="store_true",
                    help="also compile through a compile server (atomc-server)")
    ap.add_argument("--auto", action="store_true",
                    help="also compile in the default mode (ATOMC_SERVER unset: the "
                         "automatic server the build starts)")
    ap.add_argument("--cold-cache", action="store_true",
                    help="each atomc pass starts with a new empty parse cache")
    ap.add_argument("--compiled", type=Path, metavar="DIR",
                    help="also run atomc compiled by mypyc from DIR (build/compiled)")
    ap.add_argument("--command", type=Path, metavar="PATH",
                    help="also run the installed atomc command at PATH per process, "
                         "with its defaults (.venv/bin/atomc)")
    ap.add_argument("--runs", type=int, default=1,
                    help="measure every column this many times; print the medians")
    args = ap.parse_args()
    served_head = "".join(f"{title:>{width}}{'ratio':>8}" for _, title, width in columns(args))
    print(f"# benchmark and pure columns: Python {sys.version.split()[0]} ({sys.base_prefix})"
          + (f"; command: {interpreter_of(args.command)}" if args.command else ""))
    print(f"{'project':<8}{'level':<8}{'atomc CPU s':>12}{'gcc CPU s':>11}{'ratio':>8}"
          f"{'atomc peak MB':>15}{'slowest atomc file':>30}{served_head}")
    with tempfile.TemporaryDirectory(prefix="atomc-projects-") as tmpdir:
        tmp = Path(tmpdir)
        for project in args.projects.split(","):
            files = project_files(project, tmp)
            for level in args.levels.split(","):
                runs = [measure(files, level, tmp, args) for _ in range(args.runs)]
                print(row(project, level, runs, args), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
