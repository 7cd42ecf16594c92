"""_FORTIFY_SOURCE=2 and =3 at -O1..-O3: programs built by atomc and by gcc (at -O2 with the
same level) print the same and exit the same, through glibc's fortified headers (string.h,
stdio.h, unistd.h, wchar.h, fcntl.h, poll.h, sys/socket.h, stdlib.h); the checking entry points
are really called; and an overflow aborts with "*** buffer overflow detected ***" in both
builds."""

import subprocess
import sys
from pathlib import Path

import pytest
from test_exec import verify_dwarf

HERE = Path(__file__).parent
PROGRAMS = [HERE / "programs" / "307_fortify_wrappers.c", HERE / "programs" / "308_gnu_inline.c"]
OVERFLOW = HERE / "fortify" / "overflow.c"
ATOMC = [sys.executable, "-m", "atomc"]
LEVELS = ["2", "3"]
OPTS = ["-O1", "-O2", "-O3"]


def build(cmd: list[str]) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stderr}"


def run(exe: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=20,
                          stdin=subprocess.DEVNULL, cwd=exe.parent)


def undefined(exe: Path) -> set[str]:
    out = subprocess.run(["nm", "-u", str(exe)], capture_output=True, text=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines() if line.strip()}


@pytest.fixture(scope="module")
def gcc_builds(tmp_path_factory):
    out = tmp_path_factory.mktemp("gcc-fortify")
    cache: dict[tuple[Path, str], Path] = {}

    def get(src: Path, level: str) -> Path:
        if (src, level) not in cache:
            exe = out / f"{src.stem}-{level}"
            build(["gcc", "-std=gnu11", "-O2", f"-D_FORTIFY_SOURCE={level}", "-w", str(src),
                   "-o", str(exe)])
            cache[src, level] = exe
        return cache[src, level]

    return get


@pytest.mark.parametrize("opt", OPTS)
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("src", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_fortified_program_matches_gcc(src: Path, level: str, opt: str, gcc_builds, tmp_path):
    exe = tmp_path / src.stem
    build([*ATOMC, "-std=gnu11", opt, "-g", f"-D_FORTIFY_SOURCE={level}", str(src), "-o",
           str(exe)])
    got, want = run(exe), run(gcc_builds(src, level))
    assert (got.stdout, got.returncode) == (want.stdout, want.returncode)
    verify_dwarf(exe)
    if src.name.startswith("307"):
        # the wrappers were inlined and chose the checking entry points
        used = undefined(exe)
        assert {"__printf_chk", "__fprintf_chk", "__snprintf_chk", "__vsnprintf_chk",
                "__dprintf_chk"} <= used, used
        assert "__open_too_many_args" not in used and "__open_missing_mode" not in used


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("mode", ["1", "2", "3", "4", "5", "6"])
def test_overflow_aborts_like_gcc(mode: str, level: str, gcc_builds, tmp_path):
    exe = tmp_path / "overflow"
    build([*ATOMC, "-std=gnu11", "-O2", f"-D_FORTIFY_SOURCE={level}", str(OVERFLOW), "-o",
           str(exe)])
    got, want = run(exe, mode), run(gcc_builds(OVERFLOW, level), mode)
    assert want.returncode == -6 and "*** buffer overflow detected ***" in want.stderr
    assert got.returncode == want.returncode, got.stderr
    assert "*** buffer overflow detected ***" in got.stderr


def test_in_bounds_run_is_quiet(gcc_builds, tmp_path):
    exe = tmp_path / "overflow"
    build([*ATOMC, "-O2", "-D_FORTIFY_SOURCE=2", str(OVERFLOW), "-o", str(exe)])
    got, want = run(exe), run(gcc_builds(OVERFLOW, "2"))
    assert (got.stdout, got.returncode) == (want.stdout, want.returncode) == ("fits 1 2\n", 0)


def test_warning_attribute_reported_at_the_call(tmp_path):
    """A call that survives to a function declared with `warning(...)` is reported (glibc's
    __read_chk_warn when the length is a constant larger than the buffer), at the call."""
    src = tmp_path / "w.c"
    src.write_text("#include <unistd.h>\n"
                   "int main(void) { char buf[8]; return (int)read(0, buf, 100); }\n")
    proc = subprocess.run([*ATOMC, "-O2", "-D_FORTIFY_SOURCE=2", "-c", str(src), "-o",
                           str(tmp_path / "w.o")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert f"{src}:2:43: warning: call to '__read_chk_warn' declared with attribute warning: " \
           "read called with bigger length than size of the destination buffer" in proc.stderr
