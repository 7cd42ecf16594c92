"""The front end's pipeline: cpp, parse, then semantic analysis with IR generation."""

from __future__ import annotations

import gc
import sys

from ..diag import DiagnosticEngine, SourceSpan
from ..ir import Module
from ..ir.work import stage
from ..options import CompileOptions
from .irgen import IRGen
from .parse import parse_c
from .preprocess import preprocessed_lines, run_cpp, system_headers
from .sema import Sema


def preprocess(path: str, opts: CompileOptions, diags: DiagnosticEngine) -> str:
    """Preprocessed text (the driver's -E output), as the system cpp writes it."""
    return run_cpp(path, opts, diags, for_parser=False)


def check_source(path: str, diags: DiagnosticEngine) -> None:
    """Reject files that are clearly not text before cpp mangles them."""
    try:
        with open(path, "rb") as f:
            head = f.read(65536)
    except OSError as e:
        raise diags.fatal(None, f"cannot read '{path}': {e.strerror}") from None
    bad = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13))
    if b"\0" in head or (head and bad * 20 > len(head)):
        line = head[: head.find(b"\0")].count(b"\n") + 1 if b"\0" in head else 1
        raise diags.fatal(SourceSpan(path, line, 1),
                          "source file is not valid C text (binary data; expected a C "
                          "translation unit)")


def compile_to_ir(path: str, opts: CompileOptions, diags: DiagnosticEngine) -> Module:
    """C source file to IR; reports errors through `diags` and raises CompileAborted."""
    check_source(path, diags)
    with stage("cpp", "front end"):
        text = run_cpp(path, opts, diags)
    return compile_preprocessed(text, path, opts, diags)


def compile_preprocessed(text: str, path: str, opts: CompileOptions,
                         diags: DiagnosticEngine) -> Module:
    """Preprocessed C (with line markers naming `path` as the main file) to IR."""
    # A compile keeps millions of objects alive to its end; with the default
    # thresholds the cyclic collector rescans them every few hundred allocations
    # (a quarter of -O2's time on a large function). Fewer, larger young
    # generations cost the same memory.
    gc.set_threshold(100_000, 50, 100)
    limit = sys.getrecursionlimit()
    # pycparser and our tree walks recurse once per nesting level: C's minimum limits
    # (127 nested blocks, 63 nested parentheses) need far more than Python's default
    sys.setrecursionlimit(max(limit, 50000))
    try:
        with stage("parse", "front end"):
            ast = parse_c(text, path, diags)
        if not any(getattr(getattr(e, "coord", None), "file", None) == path for e in ast.ext):
            raise diags.fatal(SourceSpan(path, 1, 1), "ISO C requires a translation unit to "
                                                      "contain at least one declaration (empty "
                                                      "translation unit)")
        # Sema type-checks each expression as IRGen lowers it: one walk, one stage
        with stage("sema+irgen", "front end"):
            sema = Sema(diags, path, system_headers(text, path), preprocessed_lines(text))
            module = IRGen(opts, diags, sema, path).run(ast)
    except RecursionError:
        raise diags.fatal(None, "program nesting is too deep for atomc") from None
    finally:
        sys.setrecursionlimit(limit)
    diags.check()
    return module
