"""Names shared by the lldb plugin tests (a module of its own: `conftest` is
not importable by name when several test folders have one)."""

from __future__ import annotations

import sys
from pathlib import Path

ATOMC = [sys.executable, "-m", "atomc"]
PROGRAMS = Path(__file__).parent / "programs"
REPO = Path(__file__).parents[2]
COMPILERS = {
    "atomc": [sys.executable, "-m", "atomc", "-O2", "-g"],
    "atomc-O0": [sys.executable, "-m", "atomc", "-O0", "-g"],
    "clang": ["clang-22", "-O2", "-g"],
    "gcc-O0": ["gcc", "-O0", "-g"],
}


def source(name: str) -> Path:
    """A test program: ours, or one of the Key Instructions tests' (``keyinstr/...``)."""
    if "/" in name:
        return REPO / "tests" / name
    return PROGRAMS / name
