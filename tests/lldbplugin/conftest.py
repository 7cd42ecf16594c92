"""Builds and debugger checks for the lldb plugin tests."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from atomc_eval.drivers import get_driver

from lldbplugin_support import COMPILERS, source  # noqa: F401


@pytest.fixture(scope="session")
def debuggers() -> None:
    for name in ("gdb", "lldb-atomc"):
        reason = get_driver(name).unavailable_reason()
        if reason is not None:
            pytest.skip(f"{name} unavailable: {reason}")


@pytest.fixture(scope="session")
def binary(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], Path]:
    """``binary(program, compiler)``: the program built once per session and worker."""
    root = tmp_path_factory.mktemp("lldbplugin")
    cache: dict[tuple[str, str], Path] = {}

    def _build(program: str, compiler: str) -> Path:
        key = (program, compiler)
        if key not in cache:
            argv = COMPILERS[compiler]
            if shutil.which(argv[0]) is None:
                pytest.skip(f"{argv[0]} is not installed")
            src = source(program)
            out = root / f"{src.stem}-{compiler}"
            subprocess.run([*argv, str(src), "-o", str(out)], check=True, capture_output=True)
            cache[key] = out
        return cache[key]

    return _build
