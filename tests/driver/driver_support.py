"""Helpers for the driver tests: run atomc and gcc-12 side by side in scratch directories."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

GCC = shutil.which("gcc-12") or "gcc"
ATOMC = [sys.executable, "-m", "atomc"]
BIN = os.path.dirname(sys.executable)  # the venv's bin, which holds the `atomc` script


def run(cmd: list[str], cwd: Path | str | None = None, umask: int | None = None,
        stdin: str | None = None, env: dict[str, str] | None = None,
        timeout: int = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace",
                          input=stdin, umask=-1 if umask is None else umask, env=env,
                          stdin=None if stdin is not None else subprocess.DEVNULL,
                          timeout=timeout)


def atomc(*args: str, cwd: Path | str | None = None, **kw) -> subprocess.CompletedProcess[str]:
    return run([*ATOMC, *args], cwd=cwd, **kw)


def gcc(*args: str, cwd: Path | str | None = None, **kw) -> subprocess.CompletedProcess[str]:
    return run([GCC, *args], cwd=cwd, **kw)


def ok(proc: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert proc.returncode == 0, f"{proc.args}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def files(root: Path) -> dict[str, bytes]:
    """Every regular file under `root`, by relative path."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


@pytest.fixture
def twin(tmp_path: Path):
    """Two scratch directories, `atomc` and `gcc`, filled with the same files."""
    def make(sources: dict[str, str]) -> tuple[Path, Path]:
        dirs = []
        for name in ("atomc", "gcc"):
            d = tmp_path / name
            for rel, text in sources.items():
                p = d / rel
                p.parent.mkdir(parents=True, exist_ok=True)
                p.write_text(text)
            dirs.append(d)
        return dirs[0], dirs[1]
    return make
