"""The front end's pipeline: cpp, parse, then semantic analysis with IR generation."""

from __future__ import annotations

import gc
import re
import sys
from dataclasses import replace

from ..diag import DiagnosticEngine, SourceSpan
from ..ir import Module
from ..ir.work import stage
from ..options import CompileOptions
from .collector import collector_paused
from .float_builtins import LIBRARY_BUILTINS
from .lower.module import IRGen
from .parse import parse_c
from .preprocess import line_markers, preprocessed_lines, run_cpp, system_headers
from .sema import Sema
from .target import TargetFeatures


def cpp_options(opts: CompileOptions) -> CompileOptions:
    """`opts` as cpp should see them: gcc's optimisation macros for the level
    (`__OPTIMIZE__` from -O1, `__OPTIMIZE_SIZE__` for -Os, `__NO_INLINE__` only at
    -O0), which glibc reads for _FORTIFY_SOURCE and its extern inline functions.
    (Standalone `cpp` defines `__NO_INLINE__` and nothing else.)"""
    if opts.opt_level == 0:
        return opts
    defines = (*opts.defines, "__OPTIMIZE__") + (("__OPTIMIZE_SIZE__",) if opts.size_opt else ())
    return replace(opts, defines=defines, undefines=(*opts.undefines, "__NO_INLINE__"))


def preprocess(path: str, opts: CompileOptions, diags: DiagnosticEngine) -> str:
    """Preprocessed text (the driver's -E output), as the system cpp writes it."""
    return run_cpp(path, cpp_options(opts), diags, for_parser=False)


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


_TU_START = re.compile(r'^# 0 "((?:[^"\\]|\\.)*)"$', re.MULTILINE)


def main_file_of(text: str, path: str) -> str:
    """The file the translation unit came from, as cpp's `# 0 "file"` marker names
    it. For preprocessed input (`x.i` from `atomc -E x.c`) that is `x.c`, which
    diagnostics and debug information name, as gcc's do."""
    names = [m.group(1) for m in _TU_START.finditer(text[:65536])]
    names = [n for n in names if not n.startswith("<")]
    if names and names[0] == path and len(names) > 1 and path.endswith(".i"):
        return names[1]  # a `.i` run through cpp again: its own marker comes first
    return names[0] if names else path


def compile_to_ir(path: str, opts: CompileOptions, diags: DiagnosticEngine) -> Module:
    """C source file to IR; reports errors through `diags` and raises CompileAborted."""
    check_source(path, diags)
    with stage("cpp", "front end"):
        text = run_cpp(path, cpp_options(opts), diags)
    return compile_preprocessed(text, main_file_of(text, path), opts, diags)


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
    # the front end's garbage goes by reference counting (collector.py)
    with collector_paused():
        try:
            with stage("parse", "front end"):
                # cpp's line markers, found once for the parse cache's layout, the
                # system headers and the files' lines
                markers = line_markers(text)
                ast = parse_c(text, path, diags, markers)
            # An empty translation unit is valid GNU C: gcc only warns under -pedantic
            # (fribidi's getopt.c is empty where libc has getopt_long).
            # Sema checks each file-scope item (a function definition whole), then IRGen
            # lowers it before the next is checked: one stage
            with stage("sema+irgen", "front end"):
                sema = Sema(diags, path, system_headers(text, path, markers),
                            preprocessed_lines(text, markers))
                sema.optimizing = opts.opt_level > 0
                sema.library_builtins = (LIBRARY_BUILTINS - set(opts.no_builtin)) \
                    if opts.builtins else frozenset()
                sema.gnu89_inline = opts.std in ("c89", "gnu89")
                sema.target = TargetFeatures(opts.march, opts.cx16)
                module = IRGen(opts, path, sema.unit.file_names()).run(sema.unit.items(ast))
        except RecursionError:
            raise diags.fatal(None, "program nesting is too deep for atomc") from None
        finally:
            sys.setrecursionlimit(limit)
    diags.check()
    return module
