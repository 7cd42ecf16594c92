"""Fixtures for the atomc-dbgeval tests (helpers live in dbgeval_helpers)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from dbgeval_helpers import CC, PROGRAMS, skip_without_compiler

from atomc_eval.build import command_for, compile_c


@pytest.fixture(scope="session")
def build(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """Compile a test program once per configuration (per xdist worker)."""
    cache: dict[tuple[str, str], Path] = {}
    root = tmp_path_factory.mktemp("builds")

    def _build(rel: str | list[str], config: str) -> Path:
        skip_without_compiler(config)
        rels = [rel] if isinstance(rel, str) else rel
        key = ("+".join(rels), config)
        if key not in cache:
            out = root / f"{Path(rels[0]).stem}-{len(cache)}-{config}"
            if len(rels) == 1:
                cache[key] = compile_c(CC[config], PROGRAMS / rels[0], out)
            else:  # several sources: expand the {src} token into all of them
                argv = command_for(CC[config], "@SRCS@", out)
                at = argv.index("@SRCS@")
                argv[at : at + 1] = [str(PROGRAMS / r) for r in rels]
                subprocess.run(argv, check=True, capture_output=True)
                cache[key] = out
        return cache[key]

    return _build
