"""Assembling and verifying objects in the DWARF tests."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

LLVM_DWARFDUMP = shutil.which("llvm-dwarfdump-22")


def assemble(s_path: Path) -> Path:
    o_path = s_path.with_suffix(".o")
    r = subprocess.run(["as", "--64", str(s_path), "-o", str(o_path)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "Warning" not in r.stderr, r.stderr
    return o_path


def verify(path: Path) -> None:
    """llvm-dwarfdump --verify reports no errors (warnings are allowed)."""
    if LLVM_DWARFDUMP is None:
        pytest.skip("llvm-dwarfdump-22 not installed")
    r = subprocess.run([LLVM_DWARFDUMP, "--verify", str(path)], capture_output=True, text=True)
    assert r.returncode == 0 and "No errors." in r.stdout, r.stdout + r.stderr
