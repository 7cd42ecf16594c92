"""Build one recipe of `packages.py` with one compiler configuration and run its own tests.

The cached Debian source (`debsrc.py`) is copied to `<work>/<config>/<srcdir>`, then the
recipe's configure, build and suite commands run there under `nice` with CC and Debian's
flags for the level in the environment:

* `-O2`: `dpkg-buildflags` as a Debian build gets them (`-g -O2 -ffile-prefix-map=...
  -fstack-protector-strong -Wformat -Werror=format-security`, `-Wdate-time
  -D_FORTIFY_SOURCE=2`, `-Wl,-z,relro`), run in the copied tree so the prefix map
  names it;
* `-O0`: the same with `DEB_BUILD_OPTIONS=noopt` (`-O0`, and no `_FORTIFY_SOURCE`, which
  needs optimisation).

CPU times are the user + system time of the finished child processes (`getrusage`),
for the configure commands, the build commands and the suite apart; unlike wall time
they do not depend on how loaded the machine is.
Every command's output goes to one log per build; a failing configure or build command
ends the build with its tail in the error.
"""

from __future__ import annotations

import dataclasses
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import debsrc
from recipe import Recipe
from tally import Score, score

STEP_TIMEOUT = 4 * 3600   # seconds for one configure/build command (atomc -O2 on sqlite3)
NICE = 10


class Compiler(Enum):
    GCC = "gcc"
    ATOMC = "atomc"
    CLANG = "clang-22"   # a second reference, for the benchmark's table and for recipes
    TRIAGE = "atomc-triage"   # atomc with gcc filling its gaps, recording them (triage_cc.py)


@dataclass(frozen=True, slots=True)
class Config:
    compiler: Compiler
    level: str          # "O2" or "O0"

    @property
    def name(self) -> str:
        return f"{self.compiler.value}-{self.level}"


CONFIGS: dict[str, Config] = {c.name: c for c in (
    Config(Compiler.GCC, "O2"), Config(Compiler.GCC, "O0"),
    Config(Compiler.ATOMC, "O2"), Config(Compiler.ATOMC, "O0"),
    Config(Compiler.CLANG, "O2"), Config(Compiler.CLANG, "O0"),
    Config(Compiler.TRIAGE, "O2"), Config(Compiler.TRIAGE, "O0"))}


# what build systems write about their compiler checks, read with a failed build's log
SYSTEM_LOGS = ("config.log", "_build/CMakeFiles/CMakeError.log",
               "_build/CMakeFiles/CMakeOutput.log", "_build/meson-logs/meson-log.txt")


class BuildFailed(Exception):
    """A configure or build command failed; `text` is the build's log followed by the
    build system's own logs (config.log, CMakeError.log, meson-log.txt)."""

    def __init__(self, message: str, log: Path, text: str = "") -> None:
        super().__init__(message)
        self.log = log
        self.text = text


@dataclass(frozen=True, slots=True)
class PackageBuild:
    recipe: Recipe
    config: Config
    root: Path              # the copied source tree (prefix-mapped to `.`)
    log: Path
    configure_cpu: float    # children's user + sys seconds
    build_cpu: float
    build_wall: float       # configure and build
    suite: Score | None = None
    suite_statuses: tuple[int, ...] = ()
    suite_cpu: float = 0.0
    suite_wall: float = 0.0

    @property
    def dir(self) -> Path:
        """Where the recipe's commands run (and its relative paths start)."""
        return self.root / self.recipe.subdir

    def to_json(self) -> str:
        """For another process of the same session (`from_json`)."""
        d = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        d.update(recipe=self.recipe.id, config=self.config.name, root=str(self.root),
                 log=str(self.log), suite=None if self.suite is None
                 else [self.suite.passed, self.suite.total])
        return json.dumps(d)

    @staticmethod
    def from_json(text: str, recipes: Mapping[str, Recipe]) -> PackageBuild:
        d = json.loads(text)
        d.update(recipe=recipes[d["recipe"]], config=CONFIGS[d["config"]], root=Path(d["root"]),
                 log=Path(d["log"]), suite=None if d["suite"] is None else Score(*d["suite"]),
                 suite_statuses=tuple(d["suite_statuses"]))
        return PackageBuild(**d)


def debian_flags(level: str, where: Path) -> dict[str, str]:
    """CFLAGS, CPPFLAGS and LDFLAGS from `dpkg-buildflags` for a build in `where`."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("DEB_") and k not in ("CFLAGS", "CPPFLAGS", "LDFLAGS")}
    if level == "O0":
        env["DEB_BUILD_OPTIONS"] = "noopt"
    elif level != "O2":
        raise ValueError(f"no Debian flags for -{level}")
    return {v: subprocess.run(["dpkg-buildflags", "--get", v], cwd=where, env=env, check=True,
                              capture_output=True, text=True).stdout.strip()
            for v in ("CFLAGS", "CPPFLAGS", "LDFLAGS")}


def compiler_word(config: Config, bindir: Path) -> str:
    """CC for the build systems: one word naming an executable."""
    if config.compiler in (Compiler.GCC, Compiler.CLANG):
        return config.compiler.value
    run = ("-m atomc" if config.compiler is Compiler.ATOMC
           else str(Path(__file__).with_name("triage_cc.py")))
    bindir.mkdir(parents=True, exist_ok=True)
    wrapper = bindir / config.compiler.value
    wrapper.write_text(f'#!/bin/sh\nexec {sys.executable} {run} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def triage_log(base: Path, recipe: Recipe) -> Path:
    """Where the triage compiler records the commands of `recipe`'s build (one JSON each)."""
    return base / f"{recipe.id}.triage.jsonl"


def _cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _run(cmd: str, cwd: Path, env: Mapping[str, str], log: Path, timeout: int) -> int:
    """Run one shell command, appending its output to `log`; its exit status (124: timeout)."""
    with open(log, "a") as out:
        out.write(f"\n$ cd {cwd} && {cmd}\n")
        out.flush()
        try:
            return subprocess.run(["nice", "-n", str(NICE), "sh", "-c", cmd], cwd=cwd, env=env,
                                  stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                  timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            out.write(f"\n[timed out after {timeout} s]\n")
            return 124


def log_tail(log: Path, lines: int = 40) -> str:
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


def build_package(recipe: Recipe, config: Config, work: Path, recipes: Mapping[str, Recipe],
                  jobs: int = 2, run_suite: bool = True, install: bool = False) -> PackageBuild:
    """Copy, configure and build `recipe` with `config` under `work/<config>`, then (unless
    `run_suite` is false) run its suite; dependencies are built and installed first."""
    base = work / config.name
    base.mkdir(parents=True, exist_ok=True)
    env = environment(compiler_word(config, work / "bin"), jobs)
    for dep in recipe.deps:  # built apart, so the dependency's own build stays as it is
        built = build_package(recipes[dep], config, work / "_deps", recipes, jobs,
                              run_suite=False, install=True)
        env[f"DEP_{dep.upper().replace('-', '_')}"] = str(built.root.parent / f"_prefix-{dep}")
    log = base / f"{recipe.id}.log"
    log.write_text(f"{recipe.id} with {config.name}\n")
    env["TRIAGE_LOG"] = str(triage_log(base, recipe))
    Path(env["TRIAGE_LOG"]).unlink(missing_ok=True)
    missing = [t for t in recipe.tools if shutil.which(t) is None]
    if missing:
        raise BuildFailed(f"{recipe.id}: needs {', '.join(missing)} (scripts/install.sh)", log)
    source = debsrc.fetch(recipe.name)
    root = base / (f"{source.name}-{recipe.variant}" if recipe.variant else source.name)
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(source, root, symlinks=True, ignore=shutil.ignore_patterns(".pc"))
    env.update(debian_flags(config.level, root))
    env["PREFIX"] = str(base / f"_prefix-{recipe.id}")
    cwd = root / recipe.subdir
    start = time.monotonic()
    cpu = [_cpu()]
    for phase in (recipe.configure, (*recipe.build, *(recipe.install if install else ()))):
        for cmd in phase:
            status = _run(cmd, cwd, env, log, STEP_TIMEOUT)
            if status != 0:
                text = log.read_text(errors="replace") + "".join(
                    f"\n==> {name} <==\n" + (cwd / name).read_text(errors="replace")
                    for name in SYSTEM_LOGS if (cwd / name).is_file())
                raise BuildFailed(f"{recipe.id} ({config.name}): `{cmd}` exited {status}; "
                                  f"log {log}:\n{log_tail(log)}", log, text)
        cpu.append(_cpu())
    built = PackageBuild(recipe, config, root, log, cpu[1] - cpu[0], cpu[2] - cpu[1],
                         time.monotonic() - start)
    return run_suite_of(built, env) if run_suite else built


def environment(cc: str, jobs: int) -> dict[str, str]:
    """The build's environment: the caller's, minus anything that would steer the build."""
    drop = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "CFLAGS", "CPPFLAGS", "LDFLAGS", "CXXFLAGS",
            "LD_LIBRARY_PATH", "DEB_BUILD_OPTIONS", "DEB_BUILD_MAINT_OPTIONS", "CMAKE_GENERATOR")
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("PYTEST_")}
    env.update(CC=cc, JOBS=str(jobs), LC_ALL="C", TZ="UTC")
    return env


def run_suite_of(built: PackageBuild, env: Mapping[str, str]) -> PackageBuild:
    """Run the package's own test suite and count what passed."""
    suite = built.recipe.suite
    statuses: list[int] = []
    mark = built.log.stat().st_size
    start, cpu = time.monotonic(), _cpu()
    for cmd in suite.commands:
        statuses.append(_run(cmd, built.dir, env, built.log, suite.timeout))
    wall, cpu = time.monotonic() - start, _cpu() - cpu
    if suite.logs:  # the harness's own log files hold the counts (not its console output)
        text = "".join(f"\n==> {p.relative_to(built.dir)} <==\n" + p.read_text(errors="replace")
                       for pattern in suite.logs for p in sorted(built.dir.glob(pattern)))
    else:
        with open(built.log, errors="replace") as f:
            f.seek(mark)
            text = f.read()
    return dataclasses.replace(built, suite=score(suite.tally, text, statuses),
                               suite_statuses=tuple(statuses), suite_cpu=cpu, suite_wall=wall)
