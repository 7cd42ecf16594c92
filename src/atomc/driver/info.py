"""What atomc says about itself: --version, the -v banner, and gcc's queries
(-dumpversion, -print-prog-name=, ...), which gcc answers for atomc, except
that -print-file-name= looks in atomc's own data directory first."""

from __future__ import annotations

import subprocess
import sys

from .. import __version__
from . import toolchain
from .invocation import Invocation


def version_text() -> str:
    """`--version`: gcc's shape (name, parenthesised package, version), naming the
    GNU tools atomc drives; build systems (Meson) look for the FSF line."""
    v = toolchain.gcc_version()
    return (f"atomc (atomc {__version__}) {v}\n"
            f"atomc is a C compiler whose optimised code stays debuggable. It takes gcc {v}'s\n"
            "command line, and preprocesses, assembles and links with GNU cpp, as and ld,\n"
            "Copyright (C) 2022 Free Software Foundation, Inc.\n")


def build_kind() -> str:
    """Which build of the compiler runs: the copy mypyc compiled (src/atomc/
    compiled_copy.py) or the pure-Python package; `-v` says so, as gcc's says how
    it was configured."""
    from importlib.util import find_spec

    spec = find_spec("atomc.ir.insts")
    origin = spec.origin if spec is not None else None
    if origin and origin.endswith(".so"):
        return f"compiled by mypyc in {origin.rsplit('/atomc/', 1)[0]}"
    return "pure Python"


def banner() -> str:
    """The lines of gcc's -v banner that autoconf, libtool and CMake read."""
    v = toolchain.gcc_version()
    return (f"Target: x86_64-linux-gnu\n"
            f"Configured with: atomc {__version__} ({build_kind()}), "
            f"driving {toolchain.gcc_path()} (preprocessor, link driver) and GNU as\n"
            f"Thread model: posix\n"
            f"gcc version {v} (atomc {__version__})\n")


def data_file(name: str) -> str | None:
    """A file of atomc's data directory (src/atomc/data), if it has `name`."""
    if not name or "/" in name:
        return None
    from importlib import resources  # a query's, not a compile's, import

    entry = resources.files("atomc.data").joinpath(name)
    return str(entry) if entry.is_file() else None


def answer_queries(inv: Invocation) -> int:
    """Print the answers gcc gives, for atomc."""
    first = inv.queries[0]
    if first[0] == "-print-file-name=" and (ours := data_file(first[1])) is not None:
        print(ours)
        return 0
    words = [s + v for s, v in inv.queries]
    proc = subprocess.run([toolchain.gcc_path(), *words], capture_output=True, text=True,
                          check=False)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr.replace("gcc: ", "atomc: "))
    return proc.returncode
