"""Calls between atomc-built and clang/gcc-built object files: narrow (char, short,
_Bool) arguments and results must survive in both directions. clang-22's callees
read such arguments as already extended to 32 bits by the caller, so an atomc
caller that leaves other bits in the register shows up as wrong output against
the all-gcc build (the oracle). The same holds for `__int128` (int128_*.c):
arguments in register pairs and on the stack (16-byte aligned, after five longs,
never split), beside floats, inside structs, through varargs and callbacks, and
results in rax:rdx."""

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent / "mixed"
CALLER = HERE / "narrow_caller.c"
CALLEE = HERE / "narrow_callee.c"
CLANG = shutil.which("clang-22")
TIMEOUT = 300


def _compile(cmd: list[str], src: Path, obj: Path, level: str) -> None:
    proc = subprocess.run([*cmd, level, "-c", str(src), "-o", str(obj)], capture_output=True,
                          text=True, timeout=TIMEOUT)
    assert proc.returncode == 0, f"{cmd} {src.name} failed:\n{proc.stderr}"


def _link_run(objs: list[Path], exe: Path) -> str:
    proc = subprocess.run(["gcc", *map(str, objs), "-o", str(exe)], capture_output=True,
                          text=True, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=10)
    assert run.returncode == 0
    return run.stdout


PAIRS = {"narrow": (CALLER, CALLEE),
         "int128": (HERE / "int128_caller.c", HERE / "int128_callee.c")}


def _gcc_oracle(tmp_path_factory, pair: str) -> str:
    d = tmp_path_factory.mktemp("gcc")
    gcc = ["gcc", "-w"]
    caller, callee = PAIRS[pair]
    _compile(gcc, caller, d / "caller.o", "-O0")
    _compile(gcc, callee, d / "callee.o", "-O0")
    return _link_run([d / "caller.o", d / "callee.o"], d / "prog")


@pytest.fixture(scope="module")
def expected(tmp_path_factory) -> str:
    return _gcc_oracle(tmp_path_factory, "narrow")


@pytest.fixture(scope="module")
def expected_int128(tmp_path_factory) -> str:
    return _gcc_oracle(tmp_path_factory, "int128")


@pytest.mark.parametrize("level", ["-O0", "-O2"])
@pytest.mark.parametrize("other", ["clang-22", "gcc"])
@pytest.mark.parametrize("atomc_side", ["caller", "callee"])
def test_narrow_values_cross_compilers(atomc_side, other, level, atomc_cmd, expected, tmp_path):
    if other == "clang-22" and CLANG is None:
        pytest.skip("clang-22 is not installed")
    other_cmd = [other, "-w"]
    mine, theirs = (CALLER, CALLEE) if atomc_side == "caller" else (CALLEE, CALLER)
    _compile(atomc_cmd, mine, tmp_path / "mine.o", level)
    _compile(other_cmd, theirs, tmp_path / "theirs.o", "-O2")
    assert _link_run([tmp_path / "mine.o", tmp_path / "theirs.o"], tmp_path / "prog") == expected


@pytest.mark.parametrize("level", ["-O0", "-O2"])
@pytest.mark.parametrize("other", ["clang-22", "gcc"])
@pytest.mark.parametrize("atomc_side", ["caller", "callee"])
def test_int128_values_cross_compilers(atomc_side, other, level, atomc_cmd, expected_int128,
                                       tmp_path):
    if other == "clang-22" and CLANG is None:
        pytest.skip("clang-22 is not installed")
    caller, callee = PAIRS["int128"]
    mine, theirs = (caller, callee) if atomc_side == "caller" else (callee, caller)
    _compile(atomc_cmd, mine, tmp_path / "mine.o", level)
    _compile([other, "-w"], theirs, tmp_path / "theirs.o", "-O2")
    assert _link_run([tmp_path / "mine.o", tmp_path / "theirs.o"], tmp_path / "prog") == \
        expected_int128
