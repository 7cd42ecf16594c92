"""C front end: preprocess, parse (pycparserext's GNU C parser), check types,
and generate IR with debug metadata and Key Instructions atoms."""

from __future__ import annotations

from ..diag import DiagnosticEngine
from ..ir import Module
from ..options import CompileOptions
from .driver import compile_to_ir, preprocess

__all__ = ["CompileOptions", "DiagnosticEngine", "Module", "compile_to_ir", "preprocess"]
