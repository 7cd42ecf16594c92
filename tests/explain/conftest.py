"""Compiles the explain test programs once per session, in process (as the
`atomc-explain` command does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.explain.compile import Compiled, compile_source
from atomc.explain.model import Report, build_report

PROGRAMS = Path(__file__).parent / "programs"


@pytest.fixture(scope="session")
def compiled(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    cache: dict[tuple[str, tuple[str, ...]], Compiled] = {}

    def get(name: str, *options: str) -> Compiled:
        key = (name, options)
        if key not in cache:
            work = tmp_path_factory.mktemp("explain")
            cache[key] = compile_source(list(options), str(PROGRAMS / name), str(work))
        return cache[key]
    return get


@pytest.fixture(scope="session")
def report(compiled):  # type: ignore[no-untyped-def]
    cache: dict[tuple[str, tuple[str, ...]], Report] = {}

    def get(name: str, *options: str) -> Report:
        key = (name, options)
        if key not in cache:
            cache[key] = build_report(compiled(name, *options), options)
        return cache[key]
    return get
