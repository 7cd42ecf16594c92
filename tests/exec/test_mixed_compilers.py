"""Calls between atomc-built and clang/gcc-built object files, in both directions,
against the all-gcc build (the oracle):

* narrow (char, short, _Bool) arguments and results: clang-22's callees read such
  arguments as already extended to 32 bits by the caller, so an atomc caller that
  leaves other bits in the register shows up as wrong output;
* long double and _Complex arguments and results (classes X87, COMPLEX_X87, SSE),
  structs holding them, variadic calls and callbacks;
* `__int128` (int128_*.c): arguments in register pairs and on the stack (16-byte
  aligned, after five longs, never split), beside floats, inside structs, through
  varargs and callbacks, and results in rax:rdx."""

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent / "mixed"
PAIRS = {name: (HERE / f"{name}_caller.c", HERE / f"{name}_callee.c")
         for name in ("narrow", "x87_complex", "int128")}
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


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    """The all-gcc output of each caller/callee pair (built once per pair)."""
    cache: dict[str, str] = {}

    def get(pair: str) -> str:
        if pair not in cache:
            caller, callee = PAIRS[pair]
            d = tmp_path_factory.mktemp(f"gcc-{pair}")
            _compile(["gcc", "-w"], caller, d / "caller.o", "-O0")
            _compile(["gcc", "-w"], callee, d / "callee.o", "-O0")
            cache[pair] = _link_run([d / "caller.o", d / "callee.o"], d / "prog")
        return cache[pair]

    return get


@pytest.mark.parametrize("pair", sorted(PAIRS))
@pytest.mark.parametrize("level", ["-O0", "-O2"])
@pytest.mark.parametrize("other", ["clang-22", "gcc"])
@pytest.mark.parametrize("atomc_side", ["caller", "callee"])
def test_values_cross_compilers(pair, atomc_side, other, level, atomc_cmd, expected, tmp_path):
    if other == "clang-22" and CLANG is None:
        pytest.skip("clang-22 is not installed")
    other_cmd = [other, "-w"]
    caller, callee = PAIRS[pair]
    mine, theirs = (caller, callee) if atomc_side == "caller" else (callee, caller)
    _compile(atomc_cmd, mine, tmp_path / "mine.o", level)
    _compile(other_cmd, theirs, tmp_path / "theirs.o", "-O2")
    want = expected(pair)
    assert _link_run([tmp_path / "mine.o", tmp_path / "theirs.o"], tmp_path / "prog") == want
