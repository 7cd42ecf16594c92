"""Build the Lua 5.4 interpreter from Debian's source package with any C compiler.

Debian's patched `src/Makefile` builds through libtool and a C++ copy of the
library, so this drives the equivalent plain build instead: the same file list
(`CORE_O`, `LIB_O` and `lua.o` of the Makefile), the same flags
(`-std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX`) plus the caller's optimisation
and debug flags, linked with `-lm -ldl`. Debian's `luaconf.h` includes
`lua5.4-deb-multiarch.h`, which its build generates; it is written into the
build directory, which goes on the include path. Shared by
`tests/realworld/test_lua.py` and `bench/lua_bench.py`.
"""

from __future__ import annotations

import resource
import subprocess
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

CORE = ("lapi", "lcode", "lctype", "ldebug", "ldo", "ldump", "lfunc", "lgc", "llex", "lmem",
        "lobject", "lopcodes", "lparser", "lstate", "lstring", "ltable", "ltm", "lundump",
        "lvm", "lzio")
LIB = ("lauxlib", "lbaselib", "lcorolib", "ldblib", "liolib", "lmathlib", "loadlib", "loslib",
       "lstrlib", "ltablib", "lutf8lib", "linit")
FILES = CORE + LIB + ("lua",)
LUA_FLAGS = ("-std=gnu99", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX")
LIBS = ("-lm", "-ldl")
MULTIARCH_HEADER = "lua5.4-deb-multiarch.h"
COMPILE_TIMEOUT = 900  # seconds for one file (lvm.c at -O2 is the slowest)


class LuaBuildError(Exception):
    """A file of Lua did not compile or the interpreter did not link."""


@dataclass(frozen=True, slots=True)
class LuaBuild:
    """A built interpreter and how long building it took."""

    exe: Path
    wall_seconds: float                # whole build, files compiled `jobs` at a time
    cpu_seconds: float                 # CPU time of the compiler processes (load-independent)
    file_seconds: dict[str, float]     # wall time of each file's compile


def source_dir(package_root: Path) -> Path:
    """The directory holding Lua's C files inside the unpacked Debian package."""
    return package_root / "src"


def build_lua(package_root: Path, out_dir: Path, cc: Sequence[str], cflags: Sequence[str],
              jobs: int = 2) -> LuaBuild:
    """Compile every file of the `lua` interpreter with `cc` and link it into out_dir/lua."""
    src = source_dir(package_root)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / MULTIARCH_HEADER).write_text('#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"\n')
    start = time.perf_counter()
    cpu_start = _children_cpu()

    def compile_one(name: str) -> tuple[str, float]:
        cmd = [*cc, *LUA_FLAGS, *cflags, "-I", str(out_dir), "-c", str(src / f"{name}.c"),
               "-o", str(out_dir / f"{name}.o")]
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT,
                              check=False)
        if proc.returncode != 0:
            raise LuaBuildError(f"{name}.c failed ({proc.returncode}): {' '.join(cmd)}\n"
                                f"{proc.stderr[-4000:]}")
        return name, time.perf_counter() - t0

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        file_seconds = dict(pool.map(compile_one, FILES))
    exe = out_dir / "lua"
    link = [*cc, *cflags, *(str(out_dir / f"{n}.o") for n in FILES), "-o", str(exe), *LIBS]
    proc = subprocess.run(link, capture_output=True, text=True, timeout=COMPILE_TIMEOUT,
                              check=False)
    if proc.returncode != 0:
        raise LuaBuildError(f"link failed: {' '.join(link)}\n{proc.stderr[-4000:]}")
    return LuaBuild(exe, time.perf_counter() - start, _children_cpu() - cpu_start, file_seconds)


def _children_cpu() -> float:
    """User + system time of the finished child processes of this process."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run_lua(exe: Path, script: Path, timeout: float = 60) -> tuple[str, int]:
    """Run one script with the interpreter: (stdout and stderr together, exit status).

    argv[0] is `lua` whatever the build directory, so messages naming the program agree.
    """
    proc = subprocess.run(["lua", script.name], executable=str(exe), cwd=script.parent,
                          capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL,
                          check=False)
    out = proc.stdout + proc.stderr
    return out.decode("utf-8", "backslashreplace"), proc.returncode
