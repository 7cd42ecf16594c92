"""Which build of the compiler a command runs: the copy compiled by mypyc that
`scripts/install.sh` makes in `build/compiled` (issue 13: per process it compiles
zlib and Lua at -O2 -g in 2.6-2.8x gcc's CPU where the pure package takes 3.3x),
or the pure-Python package in `src/`.

The copy runs the code it was built from, so after an edit to `src/` it would
run old code. It is used only when every source file it was built from still
has the size and modification time recorded when it was copied (`SOURCES`: one
`os.stat` per file, well under a millisecond for the whole package), and when
`ATOMC_COMPILED` is not `0`. Otherwise the pure package runs, exactly as before.

This module is imported by the console script before the compiler, so it
imports nothing but `os`.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import MutableSequence

ENV_VAR = "ATOMC_COMPILED"
MANIFEST = "SOURCES"   # in the copy's package folder: the interpreter's line, then
                       # "<size> <mtime_ns> <path>" per source file
STAMP = "COMPILED"     # written by scripts/build_compiled.py when the build completed


def source_root() -> str:
    """The `atomc` package folder this module belongs to (src/atomc)."""
    return os.path.dirname(os.path.abspath(__file__))


def default_copy() -> str:
    """The copy's package folder for a checkout: <checkout>/build/compiled/atomc."""
    checkout = os.path.dirname(os.path.dirname(source_root()))
    return os.path.join(checkout, "build", "compiled", "atomc")


def source_files(root: str) -> list[str]:
    """Paths (relative to `root`, '/'-separated, sorted) of every file the copy is
    made from: all files under root except byte-code caches."""
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(folder, root)
        for name in files:
            out.append(name if rel == "." else f"{rel}/{name}".replace(os.sep, "/"))
    return sorted(out)


def interpreter_line() -> str:
    """The manifest's first line: the interpreter running now. The copy's C
    extensions were built against one interpreter's headers and must not be loaded
    by another (install.sh makes the venv again when the chosen Python changes)."""
    import sys

    return f"python {sys.hexversion:x} {sys.base_prefix}"


def manifest_text(root: str, files: list[str]) -> str:
    """The `SOURCES` text: the interpreter's line, then each file's size and
    modification time now."""
    lines = [interpreter_line() + "\n"]
    for rel in files:
        st = os.stat(os.path.join(root, rel))
        lines.append(f"{st.st_size} {st.st_mtime_ns} {rel}\n")
    return "".join(lines)


def is_fresh(copy: str, root: str) -> bool:
    """Whether the copy in `copy` was completely built from `root` as it is now,
    for this interpreter: its stamp exists, the interpreter is the one it was built
    by, and every recorded source file still has its recorded size and modification
    time. (A file added to `root` since is only ever imported by
    an edited file, whose record then differs.)"""
    try:
        if not os.path.exists(os.path.join(copy, STAMP)):
            return False
        with open(os.path.join(copy, MANIFEST), encoding="utf-8") as f:
            records = f.read().splitlines()
    except OSError:
        return False
    if not records or records[0] != interpreter_line():
        return False
    # Every process checks all ~350 files: each is stat'ed relative to the folder
    # (no path joined, no walk of root's components) and its line compared whole
    # with the one the stat makes (no integers parsed): 6.3M -> 4.3M instructions.
    stat = os.stat
    try:
        folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        for line in records[1:]:
            parts = line.split(" ", 2)
            if len(parts) != 3:
                return False
            rel = parts[2]
            st = stat(rel, dir_fd=folder)
            if f"{st.st_size} {st.st_mtime_ns} {rel}" != line:
                return False
    except (OSError, ValueError):
        return False
    finally:
        os.close(folder)
    return True


def select(package_path: MutableSequence[str], copy: str | None = None,
           root: str | None = None) -> bool:
    """Put the compiled copy (`copy`, built from `root`; by default this checkout's)
    first on the `atomc` package's search path when it is fresh and wanted, so every
    atomc module imported from now on comes from it; the modules already imported
    (the package itself, the console script's client) stay the pure ones, which are
    the same code. Returns whether it did."""
    if os.environ.get(ENV_VAR) == "0":
        return False
    copy = copy or default_copy()
    if copy in package_path or not is_fresh(copy, root or source_root()):
        return False
    package_path.insert(0, copy)
    # The copy's ~150 extension libraries of a compile each import hundreds of the
    # interpreter's functions; CPython loads extensions with RTLD_NOW, which binds all
    # of them at load (43M instructions of a one-line file's compile in the dynamic
    # linker); bound when first called instead, it is 27M.
    import sys

    sys.setdlopenflags(os.RTLD_LAZY)
    # the library that holds the compiled modules' code is a top-level module beside
    # the package (scripts/build_compiled.py); last, so it shadows nothing
    top = os.path.dirname(copy)
    if top not in sys.path:
        sys.path.append(top)
    return True
