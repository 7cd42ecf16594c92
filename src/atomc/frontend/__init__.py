"""C front end: preprocess, parse (pycparserext's GNU C parser), check types,
and generate IR with debug metadata and Key Instructions atoms."""

from __future__ import annotations

from ..childproc import import_pycparser
from ..diag import DiagnosticEngine
from ..ir import Module
from ..options import CompileOptions

import_pycparser()  # before the parser's modules: childproc.py says why
from .driver import compile_to_ir, preprocess  # noqa: E402

__all__ = ["CompileOptions", "DiagnosticEngine", "Module", "compile_to_ir", "preprocess"]
