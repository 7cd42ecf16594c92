"""A content digest of the `*.py` files of some directories, memoised by their stat.

The parse cache keys its entries by the parser's sources (parse_cache.fingerprint):
hashing them, some 700 KB in a hundred files, was 4% of every compile's time. The
digest stays one of their content (a checkout, or an edit and its undo, gives the
digest that content always had), but a small memo file beside the cache records
the stat (path, mtime in ns, size, inode) of every file it was computed from: while
none of them changed, the stored digest is used and no file is read. A memo that is
missing, corrupt, from another interpreter or for other stats is recomputed and
rewritten (to a temporary name, renamed into place); an unwritable place only costs
the hashing.
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Sequence

from .cachefile import blake2b, replace_atomically

FORMAT = "atomc-file-digest 1"

Stamp = tuple[str, int, int, int]  # path, st_mtime_ns, st_size, st_ino


class Counters:
    """Work counters for tests: files hashed by this process."""

    __slots__ = ("hashed",)

    def __init__(self) -> None:
        self.hashed = 0


counters = Counters()


def sources(dirs: Sequence[str]) -> list[str]:
    """The `*.py` files of each directory, in directory order then by name."""
    out: list[str] = []
    for d in dirs:
        out.extend(os.path.join(d, n) for n in sorted(os.listdir(d)) if n.endswith(".py"))
    return out


def content_digest(seed: bytes, files: Sequence[str]) -> bytes:
    """BLAKE2b (20 bytes) of `seed`, then of each file's name and content."""
    h = blake2b(seed, digest_size=20)
    for path in files:
        h.update(os.path.basename(path).encode() + b"\0")
        with open(path, "rb") as f:
            h.update(f.read())
        counters.hashed += 1
    return h.digest()


def _stamps(files: Sequence[str]) -> list[Stamp] | None:
    out: list[Stamp] = []
    for path in files:
        try:
            st = os.stat(path)
        except OSError:
            return None
        out.append((path, st.st_mtime_ns, st.st_size, st.st_ino))
    return out


def _header() -> str:
    return f"{FORMAT}\0{sys.version}"


def _read_memo(memo: str) -> tuple[bytes, list[Stamp], bytes] | None:
    try:
        with open(memo, "rb") as f:
            data = marshal.loads(f.read())
    except Exception:  # noqa: BLE001 - missing, unreadable or damaged: recompute
        return None
    if not (isinstance(data, tuple) and len(data) == 4 and data[0] == _header()
            and isinstance(data[1], bytes) and isinstance(data[2], list)
            and isinstance(data[3], bytes)):
        return None
    return data[1], data[2], data[3]


def _write_memo(memo: str, seed: bytes, stamps: list[Stamp], digest: bytes) -> None:
    replace_atomically(memo, marshal.dumps((_header(), seed, stamps, digest)))


def digest(seed: bytes, dirs: Sequence[str], memo: str | None) -> bytes:
    """`content_digest(seed, sources(dirs))`, from the memo file `memo` while the
    files' stats are those it records (None: no memo)."""
    files = sources(dirs)
    stamps = _stamps(files) if memo is not None else None
    if memo is not None and stamps is not None:
        stored = _read_memo(memo)
        if stored is not None and stored[0] == seed and stored[1] == stamps:
            return stored[2]
    value = content_digest(seed, files)
    if memo is not None and stamps is not None:
        _write_memo(memo, seed, stamps, value)
    return value


def memo_name(prefix: str, dirs: Sequence[str]) -> str:
    """A memo file name for `dirs`, one per checkout: worktrees of different
    versions do not overwrite each other's."""
    key = blake2b("\0".join(dirs).encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
    return f"{prefix}-{key}.marshal"
