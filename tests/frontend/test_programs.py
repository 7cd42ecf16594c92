"""Front-end feature programs (tests/frontend/programs): built by atomc at -O0 -g and by gcc,
same stdout and exit status. gcc is the oracle; nothing here hard-codes output."""

import subprocess
import sys
from pathlib import Path

import pytest

PROGRAMS = sorted((Path(__file__).parent / "programs").glob("*.c"))


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=cwd,
                          check=False)


@pytest.mark.parametrize("src", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_matches_gcc(src: Path, tmp_path: Path) -> None:
    gcc = run(["gcc", "-std=gnu11", "-O0", "-w", str(src), "-o", "ref"], tmp_path)
    assert gcc.returncode == 0, gcc.stderr
    ours = run([sys.executable, "-m", "atomc", "-std=gnu11", "-O0", "-g", str(src), "-o", "mine"],
               tmp_path)
    assert ours.returncode == 0, ours.stderr
    want = run([str(tmp_path / "ref")], tmp_path)
    got = run([str(tmp_path / "mine")], tmp_path)
    assert got.stdout == want.stdout
    assert got.returncode == want.returncode
