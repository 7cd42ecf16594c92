"""Files atomc writes itself (assembly, IR, kept .i/.s), with gcc's modes.

gcc's cc1 creates its outputs with mode 0666 less the umask; so do we. A file
is written under a temporary name and renamed into place, so a failed write
never leaves half a file; a target that is not a regular file (/dev/null, a
pipe) is written in place. Objects, executables and dependency files are
created by as, ld and cpp themselves, which give them gcc's modes.
"""

from __future__ import annotations

import os
import stat
import sys
from typing import BinaryIO

from . import fsutil

# Text is encoded and written a piece at a time: sqlite3's amalgamation is 75 MB of
# assembly, which encoded whole was a second copy at the compile's peak of memory.
# (A slice of a str never splits a character, and surrogateescape maps each code
# point on its own, so the bytes are the same.)
PIECE = 1 << 20


def _write_pieces(f: BinaryIO, text: str) -> None:
    for i in range(0, len(text), PIECE):
        f.write(text[i:i + PIECE].encode("utf-8", errors="surrogateescape"))


def write_text(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.flush()
        _write_pieces(sys.stdout.buffer, text)
        sys.stdout.flush()
        return
    try:
        special = not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        special = False
    if special:
        with open(path, "wb") as f:
            _write_pieces(f, text)
        return
    directory = os.path.dirname(os.path.abspath(path))
    tmp = fsutil.mktemp(".atomc-", directory)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies
    try:
        with os.fdopen(fd, "wb") as f:
            _write_pieces(f, text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
