"""sqlite3 3.40.1 (Debian's source package): its amalgamation `sqlite3.c` (~240k lines) and
`shell.c` compiled by atomc at -O0 -g with Debian's -D options and no dialect-bridging
macros, then the shell run on sqlite3/smoke.sql next to gcc's build of the same sources.

`sqlite3.c` is compiled as it is, with Debian's defines: `long double`, the atomic builtins
and every GNU construct it uses must work.
(Compile time at -O2 belongs to the compile-time work; a compile over 10 minutes skips.)
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import debsrc  # noqa: E402
import rotation  # noqa: E402
from shared_build import build_once, shared_dir  # noqa: E402
from sqlite3build import DEBIAN_DEFINES, LIBS, AmalgamationUnavailable, amalgamation  # noqa: E402

pytestmark = [pytest.mark.realworld,
              pytest.mark.skipif(not rotation.levels_of("sqlite3-amalgamation"),
                                 reason="not in this run's rotation slot (rotation.py)")]

HERE = Path(__file__).parent
ATOMC = [sys.executable, "-m", "atomc"]
COMPILE_TIMEOUT = 600


@pytest.fixture(scope="module")
def sources() -> Path:
    debsrc.require("sqlite3")
    try:
        return amalgamation()
    except AmalgamationUnavailable as exc:
        pytest.skip(str(exc))


def atomc_compile(src: Path, out: Path) -> subprocess.CompletedProcess:
    cmd = [*ATOMC, "-O0", "-g", "-fmax-errors=0", *DEBIAN_DEFINES, "-c", str(src), "-o", str(out)]
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.skip(f"compiling {src.name} took over {COMPILE_TIMEOUT} s")


@pytest.fixture(scope="module")
def gcc_shell(sources: Path, tmp_path_factory) -> Path:
    def build(out: Path) -> str:
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["gcc", "-O0", "-w", *DEBIAN_DEFINES, str(sources / "sqlite3.c"),
                        str(sources / "shell.c"), "-o", str(out), *LIBS], check=True,
                       capture_output=True, timeout=COMPILE_TIMEOUT)
        return "gcc -O0 sqlite3 shell"
    return build_once(shared_dir(tmp_path_factory, "sqlite3-builds"), "sqlite3-gcc", build)


@pytest.fixture(scope="module")
def atomc_shell(sources: Path, tmp_path_factory) -> Callable[[], Path]:
    """atomc's shell.o, compiled once per session (the command is the same for both tests):
    test_shell_compiles judges the compile, the amalgamation test links the object. A
    callable, so that test asks for it only after its own sqlite3.c compile."""
    def build(out: Path) -> str:
        out.parent.mkdir(parents=True, exist_ok=True)
        proc = atomc_compile(sources / "shell.c", out)
        if proc.returncode != 0:
            raise RuntimeError(f"atomc shell.c exit {proc.returncode}:\n{proc.stderr[-4000:]}")
        return "atomc -O0 -g shell.c"
    root = shared_dir(tmp_path_factory, "sqlite3-builds")
    return lambda: build_once(root, "shell-atomc.o", build)


def test_shell_compiles(atomc_shell: Callable[[], Path]) -> None:
    assert atomc_shell().stat().st_size > 0


def test_amalgamation_builds_and_runs_like_gcc(sources: Path, gcc_shell: Path,
                                               atomc_shell: Callable[[], Path],
                                               tmp_path: Path) -> None:
    proc = atomc_compile(sources / "sqlite3.c", tmp_path / "sqlite3.o")
    assert proc.returncode == 0, proc.stderr[-4000:]
    exe = tmp_path / "sqlite3-atomc"
    subprocess.run(["gcc", str(tmp_path / "sqlite3.o"), str(atomc_shell()), "-o", str(exe),
                    *LIBS], check=True)
    sql = (HERE / "sqlite3" / "smoke.sql").read_text()
    want = subprocess.run([str(gcc_shell), ":memory:"], input=sql, capture_output=True,
                          text=True, timeout=60)
    got = subprocess.run([str(exe), ":memory:"], input=sql, capture_output=True, text=True,
                         timeout=60)
    assert got.stdout == want.stdout
    assert got.returncode == want.returncode == 0
