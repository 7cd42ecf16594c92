"""What atomc's user caches (the parse cache, the dataclass code cache, the regex
code cache, the parser sources' digest memo) share: where they live and how an
environment variable moves or turns one off, the hash they key by, and one way to
replace a file.

A file is replaced through a temporary name in its own directory, renamed into
place, so concurrent compiles read a whole old or a whole new file; it is made with
`os.open` rather than `tempfile`, whose import (with `random` and `shutil`) would
cost every compile.
"""

from __future__ import annotations

import contextlib
import os
import sys

try:  # hashlib would also load OpenSSL, a few ms of every compile
    from _blake2 import blake2b
except ImportError:  # an interpreter built without its own BLAKE2
    from hashlib import blake2b

__all__ = ["INTERPRETER_TAG", "TEMP_PREFIX", "blake2b", "cache_location", "interpreter_header",
           "replace_atomically"]

# the temporary names, in the directory of the file they become
TEMP_PREFIX = ".tmp-"
# in the names of caches whose entries only this interpreter can read (code, marshal)
INTERPRETER_TAG = sys.implementation.cache_tag or "unknown"
# values of a cache's variable that turn it off
OFF = frozenset({"0", "off", "no", "false", "none"})


def cache_location(env_var: str, name: str) -> str | None:
    """Where the cache `name` lives: `$env_var` when set (None when that is empty
    or says off), else `$XDG_CACHE_HOME/atomc/name` (`~/.cache/atomc/name`)."""
    value = os.environ.get(env_var)
    if value is not None:
        if not value.strip() or value.strip().lower() in OFF:
            return None
        return value
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "atomc", name)


def interpreter_header(fmt: str) -> str:
    """The first field of a marshalled cache file: its format and the exact
    interpreter that wrote it, so another reads it as empty."""
    return f"{fmt}\0{sys.version}\0{sys.hexversion}"


def replace_atomically(path: str, data: bytes) -> bool:
    """Write `data` to `path` through a temporary file renamed into place; False
    (and no temporary file left) when the place is not writable."""
    directory = os.path.dirname(path) or "."
    tmp = os.path.join(directory, f"{TEMP_PREFIX}{os.getpid()}-{os.urandom(4).hex()}")
    try:
        os.makedirs(directory, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return False
    return True
