"""The few file-system helpers the driver needs from `shutil` and `tempfile`, without
importing them: those modules load `bz2`, `lzma`, `zlib`, `random`, `hashlib` and
`fnmatch` (12 million instructions, 2% of a tiny compile, in every `atomc`
process). Each helper does what its standard counterpart does on POSIX, and hands
the unusual case (no usable temporary directory, a tree to remove) to it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

# tempfile's names: 8 of these characters
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"


def _access_check(path: str) -> bool:
    return os.path.exists(path) and os.access(path, os.F_OK | os.X_OK) \
        and not os.path.isdir(path)


def which(cmd: str) -> str | None:
    """`shutil.which(cmd)` on POSIX: the first executable `cmd` on PATH."""
    if os.path.dirname(cmd):
        return cmd if _access_check(cmd) else None
    path = os.environ.get("PATH", None)
    if path is None:
        try:
            path = os.confstr("CS_PATH")
        except (AttributeError, ValueError):
            path = os.defpath
    if not path:
        return None
    seen: set[str] = set()
    for d in os.fsdecode(path).split(os.pathsep):
        norm = os.path.normcase(d)
        if norm not in seen:
            seen.add(norm)
            name = os.path.join(d, cmd)
            if _access_check(name):
                return name
    return None


def random_name() -> str:
    """Eight random characters of tempfile's alphabet."""
    return "".join(_NAME_CHARS[b % len(_NAME_CHARS)] for b in os.urandom(8))


def mktemp(prefix: str, directory: str) -> str:
    """`tempfile.mktemp(prefix=prefix, dir=directory)`: a name in `directory` that
    does not exist yet (the caller creates it with O_EXCL)."""
    for _ in range(10000):
        path = os.path.join(directory, prefix + random_name())
        if not os.path.lexists(path):
            return path
    raise FileExistsError(f"no usable temporary file name found in {directory}")


def _candidate_dirs() -> list[str]:
    """tempfile's candidates for the temporary directory, in its order."""
    dirs = [d for d in (os.getenv(e) for e in ("TMPDIR", "TEMP", "TMP")) if d]
    dirs += ["/tmp", "/var/tmp", "/usr/tmp"]
    try:
        dirs.append(os.getcwd())
    except OSError:
        dirs.append(os.curdir)
    return dirs


def _mkdtemp(prefix: str) -> str | None:
    """A new private directory in the first candidate that takes one; None when
    none does (tempfile then decides)."""
    for d in _candidate_dirs():
        if d != os.curdir and not os.path.isdir(d):
            continue
        for _ in range(100):
            path = os.path.abspath(os.path.join(d, prefix + random_name()))
            try:
                os.mkdir(path, 0o700)
            except FileExistsError:
                continue
            except OSError:
                break
            return path
    return None


def _remove(path: str) -> None:
    """Remove the temporary directory `path`: its files, then itself; a
    subdirectory or an error goes to shutil.rmtree, which raises as it would."""
    try:
        with os.scandir(path) as entries:
            files = [e.path for e in entries]
        for f in files:
            if os.path.isdir(f) and not os.path.islink(f):
                raise IsADirectoryError(f)
            os.unlink(f)
        os.rmdir(path)
    except OSError:
        import shutil

        if os.path.lexists(path):
            shutil.rmtree(path)


@contextmanager
def temporary_directory(prefix: str) -> Iterator[str]:
    """`tempfile.TemporaryDirectory(prefix=prefix)`: a private directory, removed
    with its content when the block ends."""
    path = _mkdtemp(prefix)
    if path is None:
        import tempfile

        with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
            yield tmp
        return
    try:
        yield path
    finally:
        _remove(path)
