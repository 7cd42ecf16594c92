"""The programs atomc runs, and the one place that decides the default link mode.

gcc (the system's `gcc`, 12 on Debian 12) is atomc's preprocessor and link
driver, so predefined macros, include paths, crt files and libraries are
exactly gcc's; GNU `as` assembles what atomc's back end writes.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence

from . import fsutil

GCC = os.environ.get("ATOMC_GCC", "gcc")

# Debian's gcc links position-independent executables unless told -no-pie, and
# atomc's default code (CodeModel.PIE) is made for that; this constant is the
# one place that would change it.
LINK_PIE_BY_DEFAULT = True
_LINK_MODE_WORDS = frozenset({"-pie", "-no-pie", "-shared", "-static-pie", "-r", "--shared"})


def default_link_flags(words: Sequence[str]) -> list[str]:
    """Flags atomc adds to the link command: none while the default is gcc's PIE;
    -no-pie otherwise, unless the user chose a mode."""
    if LINK_PIE_BY_DEFAULT or any(w in _LINK_MODE_WORDS for w in words):
        return []
    return ["-no-pie"]


@functools.cache
def gcc_path() -> str:
    return fsutil.which(GCC) or GCC


@functools.cache
def gcc_version() -> str:
    """The full version of the gcc atomc imitates (12.2.0)."""
    import subprocess  # (-v, --version and the queries only: childproc.py says why)

    try:
        out = subprocess.run([gcc_path(), "-dumpfullversion"], capture_output=True, text=True,
                             check=False).stdout.strip()
    except OSError:
        out = ""
    return out or "12.2.0"


def assembler(prefixes: Sequence[str]) -> str | None:
    """GNU as, looked up as gcc does: each -B prefix first, then PATH."""
    for p in prefixes:
        for candidate in (p + "as", os.path.join(p, "as")):
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return candidate
    return fsutil.which("as")
