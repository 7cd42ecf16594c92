"""Helpers for front-end unit tests: compile C text to IR, collecting diagnostics."""

import io
from pathlib import Path

import pytest

from atomc.diag import CompileAborted, DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.options import CompileOptions


class Result:
    def __init__(self, module, stderr: str) -> None:
        self.module = module
        self.stderr = stderr


@pytest.fixture
def compile_c(tmp_path: Path):
    """compile_c(text, **opts) -> Result; module is None when compilation failed."""

    def run(text: str, name: str = "t.c", **opts) -> Result:
        src = tmp_path / name
        src.write_text(text)
        out = io.StringIO()
        try:
            module = compile_to_ir(str(src), CompileOptions(**opts), DiagnosticEngine(out=out))
        except CompileAborted:
            module = None
        return Result(module, out.getvalue())

    return run
