"""Fixtures for the real-debugger tests: builds shared by every xdist worker."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from dbgtest_support import Build, Program, build


@pytest.fixture(scope="session")
def build_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One directory for the whole session: under xdist, the workers' common parent."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    return base / "debugger-builds"


@pytest.fixture(scope="session")
def builds(build_root: Path) -> Callable[[Program], tuple[Build, Build]]:
    """(gcc build, atomc build) of a program, compiled once per session."""

    def _both(program: Program) -> tuple[Build, Build]:
        return build(program, "gcc", build_root), build(program, "atomc", build_root)

    return _both
