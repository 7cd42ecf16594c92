"""Execution tests: every program in programs/ must print the same output and exit with the same
status whether it is built by atomc or by gcc. gcc is the oracle, so nothing here hard-codes
expected output; a miscompile shows up as a diff against gcc's run."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "realworld"))
from shared_build import SharedFailure, once, shared_dir  # noqa: E402

PROGRAMS = sorted((HERE / "programs").glob("*.c"))
MULTI_DIR = HERE / "programs" / "multi"
MULTI_EXE = "shapes_demo"

OPT_LEVELS = ["-O0", "-O1", "-O2", "-O3"]
GCC = ["gcc", "-std=gnu11", "-O0", "-w"]
RUN_TIMEOUT = 10
COMPILE_TIMEOUT = 300
DWARFDUMP = shutil.which("llvm-dwarfdump-22")


def header_flags(src: Path, key: str) -> list[str]:
    """Options a program asks for in a `// KEY: ...` line among its first lines."""
    for line in src.read_text(errors="replace").splitlines()[:10]:  # 425_* is not UTF-8
        if line.startswith(f"// {key}:"):
            return line.removeprefix(f"// {key}:").split()
    return []


def link_flags(src: Path) -> list[str]:
    """Extra link options (`// LINK: -lm`) and compile options (`// FLAGS: -fwrapv`) a
    program asks for, given to gcc and atomc alike."""
    return header_flags(src, "FLAGS") + header_flags(src, "LINK")


def run_exe(exe: Path) -> tuple[str, int]:
    """Run a built program with no input and return (stdout, exit status)."""
    proc = subprocess.run([str(exe)], stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=RUN_TIMEOUT, cwd=exe.parent)
    return proc.stdout.decode("utf-8", "backslashreplace"), proc.returncode


def build(cmd: list[str], what: str) -> None:
    """Run a compiler command, failing the test with its diagnostics if it does not succeed."""
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT)
    assert proc.returncode == 0, f"{what} failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}"


def verify_dwarf(exe: Path) -> None:
    """Every executable atomc writes must pass llvm-dwarfdump's verifier without errors."""
    if DWARFDUMP is None:
        return  # reported once by test_dwarf_verifier_available
    proc = subprocess.run([DWARFDUMP, "--verify", str(exe)], capture_output=True, text=True,
                          timeout=COMPILE_TIMEOUT)
    report = proc.stdout + proc.stderr
    assert proc.returncode == 0 and "error:" not in report, f"DWARF verify failed for {exe.name}:\n{report}"


@pytest.fixture(scope="session")
def gcc_results(tmp_path_factory):
    """gcc's (stdout, status) per program, built and run once per session however many levels
    and xdist workers use it: the four levels of a program mostly land on different workers,
    and each worker building gcc's program again was a second gcc build of most programs.
    The first to ask builds under a lock (shared_build.once) and leaves the result for the
    others; a failed gcc build fails every level of the program with gcc's message."""
    root = shared_dir(tmp_path_factory, "exec-gcc")

    def compute(src: Path) -> str:
        exe = root / src.stem
        build([*GCC, str(src), "-o", str(exe), *link_flags(src)], "gcc")
        return json.dumps(run_exe(exe))

    def get(src: Path) -> tuple[str, int]:
        try:
            out, status = json.loads(once(root, src.stem, lambda: compute(src)))
        except SharedFailure as exc:
            pytest.fail(str(exc))
        return out, status

    return get


def test_dwarf_verifier_available():
    """Makes a missing llvm-dwarfdump-22 visible in the report instead of silently skipping checks."""
    if DWARFDUMP is None:
        pytest.skip("llvm-dwarfdump-22 not installed: DWARF of atomc executables is not verified")


@pytest.mark.parametrize("level", OPT_LEVELS, ids=[lv.lstrip("-") for lv in OPT_LEVELS])
@pytest.mark.parametrize("src", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program(src: Path, level: str, atomc_cmd, gcc_results, tmp_path):
    expected_out, expected_status = gcc_results(src)
    exe = tmp_path / src.stem
    build([*atomc_cmd, "-std=gnu11", level, "-g", str(src), "-o", str(exe), *link_flags(src)],
          "atomc")
    out, status = run_exe(exe)
    assert out == expected_out
    assert status == expected_status
    verify_dwarf(exe)


def make(project: Path, cc: str, cflags: str) -> Path:
    """Build a copy of the multi-file project with make and return the executable."""
    proc = subprocess.run(["make", "-C", str(project), f"CC={cc}", f"CFLAGS={cflags}"],
                          capture_output=True, text=True, timeout=COMPILE_TIMEOUT)
    assert proc.returncode == 0, f"make CC={cc} failed:\n{proc.stdout}\n{proc.stderr}"
    return project / MULTI_EXE


@pytest.mark.parametrize("level", OPT_LEVELS, ids=[lv.lstrip("-") for lv in OPT_LEVELS])
def test_multi_file_make(level: str, atomc_cmd, tmp_path):
    """CC=atomc must work for a Makefile-driven project: several objects, a header, one link."""
    gcc_exe = make(shutil.copytree(MULTI_DIR, tmp_path / "gcc"), "gcc", "-std=gnu11 -O0 -w")
    atomc_cc = " ".join(atomc_cmd)
    atomc_exe = make(shutil.copytree(MULTI_DIR, tmp_path / "atomc"), atomc_cc, f"-std=gnu11 {level} -g")
    assert run_exe(atomc_exe) == run_exe(gcc_exe)
    verify_dwarf(atomc_exe)
