"""A persistent cache of compiled regular expressions' code, because compiling the
patterns of atomc and its parser is a tenth of a tiny compile.

Every process compiles the same module-level patterns anew: pycparser's lexer builds
one alternation of all its token rules (6% of the instructions of a tiny -O0 -g
compile), atomc's fast lexer, preprocessor and parse cache a few dozen more. What
`re` makes of a pattern depends only on the pattern, its flags and the interpreter:
`re._compiler.compile` parses it, generates the matcher's code (a list of integers)
and hands that, with the group counts and names, to `_sre.compile`. The cache keeps
those arguments, keyed by (pattern, flags); a later process passes the same
arguments to `_sre.compile`, so its pattern object equals (`==` compares the code)
the one `re` would have made. Only parsing and code generation are skipped.

The hook is `re._compiler.compile`, set only on the interpreter versions whose
`compile` is known to end in that call (`KNOWN_VERSIONS`); only patterns that
atomc's and its parser's modules compile (`PACKAGES`) are kept, so a test runner's
or a library's stay out. The file holds at most `MAX_ENTRIES`: past that, those this
process used are kept.

`ATOMC_REGEX_CACHE=off` turns the cache off, `ATOMC_REGEX_CACHE=FILE` puts it in
FILE; by default it is `$XDG_CACHE_HOME/atomc/regex-code-2-<tag>.marshal`, read on
the first pattern compiled and rewritten at exit only if this process compiled one
it did not hold. The file holds each entry marshalled apart (bytes), unmarshalled
when its pattern is compiled: a compile uses ~20 of the 80-odd patterns the file
collects (the driver's, the test suite's...), and reading all their code (18,000
integers) was ~1M instructions of an empty compile. A missing, corrupt or other
interpreter's file counts as empty, a damaged entry as missing; an unwritable place
is ignored (cachefile.py replaces the file atomically).
"""

from __future__ import annotations

import atexit
import marshal
import sys
from typing import Any

from .cachefile import INTERPRETER_TAG, cache_location, interpreter_header, replace_atomically

ENV_VAR = "ATOMC_REGEX_CACHE"
FORMAT = "atomc-regex-cache 2"
# versions whose re._compiler.compile is parse, _code, then
# _sre.compile(pattern, flags | state.flags, code, groups - 1, groupindex, indexgroup)
KNOWN_VERSIONS = ((3, 11), (3, 12))
PACKAGES = ("atomc", "pycparser", "pycparserext")
MAX_ENTRIES = 400

# (pattern, flags) -> the arguments of _sre.compile after the pattern
Key = tuple[Any, int]
Entry = tuple[int, list[int], int, dict[str, int], tuple[Any, ...]]


class Stats:
    """Work counters for tests: patterns compiled here (parsed and generated),
    patterns made from the cache, and the file's entries unmarshalled."""

    __slots__ = ("compiled", "hits", "decoded")

    def __init__(self) -> None:
        self.compiled = 0
        self.hits = 0
        self.decoded = 0


stats = Stats()
_path: str | None = None
# the file's entries, each still marshalled (None until the file is read), and
# those unmarshalled or made here
_blobs: dict[Key, bytes] | None = None
_entries: dict[Key, Entry] = {}
_used: set[Key] = set()
_new = 0
_installed = False


def cache_path() -> str | None:
    """The cache file, or None when the cache is off."""
    # the format in the name: a version of atomc with the other format would read
    # this file as empty and rewrite it, on every compile
    return cache_location(ENV_VAR, f"regex-code-2-{INTERPRETER_TAG}.marshal")


def load_blobs(path: str) -> dict[Key, bytes]:
    """The entries of the file at `path`, each still marshalled; empty when it is
    missing, unreadable, corrupt or from another interpreter."""
    try:
        with open(path, "rb") as f:
            data = marshal.loads(f.read())
    except Exception:  # noqa: BLE001 - marshal raises EOFError, ValueError, TypeError...
        return {}
    if not (isinstance(data, tuple) and len(data) == 2 and data[0] == interpreter_header(FORMAT)
            and isinstance(data[1], dict)):
        return {}
    return {k: v for k, v in data[1].items() if _valid_key(k) and type(v) is bytes}


def _decode(key: Key, blob: bytes) -> Entry | None:
    """The entry marshalled in `blob`; None when it is not one."""
    try:
        entry = marshal.loads(blob)
    except Exception:  # noqa: BLE001 - as in load_blobs
        return None
    return entry if _valid(key, entry) else None


def load(path: str) -> dict[Key, Entry]:
    """The entries of the file at `path`, unmarshalled (those that are entries)."""
    entries = {}
    for key, blob in load_blobs(path).items():
        entry = _decode(key, blob)
        if entry is not None:
            entries[key] = entry
    return entries


def _valid_key(key: object) -> bool:
    return (isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], (str, bytes))
            and isinstance(key[1], int))


def _valid(key: object, entry: object) -> bool:
    return (_valid_key(key) and isinstance(entry, tuple) and len(entry) == 5
            and isinstance(entry[0], int) and isinstance(entry[1], list)
            and isinstance(entry[2], int) and isinstance(entry[3], dict)
            and isinstance(entry[4], tuple))


def save(path: str, entries: dict[Key, Entry], blobs: dict[Key, bytes] | None = None) -> bool:
    """Write `entries` and the still marshalled `blobs` (those `entries` lacks) to
    `path` atomically; False when the place is not writable."""
    out = dict(blobs or {})
    for key, entry in entries.items():
        out[key] = marshal.dumps(entry)
    return replace_atomically(path, marshal.dumps((interpreter_header(FORMAT), out)))


def _ours() -> bool:
    """Is the pattern being compiled one of PACKAGES' modules? (Its frame is the
    third above the hook's: re._compile's, then re.compile's or re.match's...)"""
    try:
        name = sys._getframe(4).f_globals.get("__name__")
    except ValueError:
        return False
    return isinstance(name, str) and name.partition(".")[0] in PACKAGES


def _make_compile(original: Any) -> Any:
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]

    debug = _compiler.SRE_FLAG_DEBUG

    def compile(p: Any, flags: int = 0) -> Any:  # noqa: A001 - the name it replaces
        """re._compiler.compile, from the cache for the patterns it holds."""
        global _blobs, _new
        if not isinstance(p, (str, bytes)) or flags & debug or not _ours():
            return original(p, flags)
        if _blobs is None:
            _blobs = load_blobs(_path) if _path is not None else {}
        key = (p, flags)
        entry = _entries.get(key)
        if entry is None:
            blob = _blobs.get(key)
            if blob is not None:
                stats.decoded += 1
                entry = _decode(key, blob)
                if entry is not None:
                    _entries[key] = entry
        if entry is None:
            parsed = _parser.parse(p, flags)
            code = _compiler._code(parsed, flags)
            groupindex = parsed.state.groupdict
            indexgroup: list[str | None] = [None] * parsed.state.groups
            for k, i in groupindex.items():
                indexgroup[i] = k
            # plain ints: the opcodes are an int subclass marshal cannot write
            entry = (int(flags | parsed.state.flags), [int(c) for c in code],
                     parsed.state.groups - 1,
                     dict(groupindex), tuple(indexgroup))
            _entries[key] = entry
            _new += 1
            stats.compiled += 1
        else:
            stats.hits += 1
        _used.add(key)
        return _sre.compile(p, entry[0], entry[1], entry[2], entry[3], entry[4])

    return compile


def _write_at_exit() -> None:
    if not _new or _path is None:
        return
    entries = _entries
    on_disk = load_blobs(_path)
    if len(set(on_disk) | set(entries)) > MAX_ENTRIES:
        on_disk = {}
        entries = {k: entries[k] for k in _used}
    save(_path, entries, on_disk)


def install() -> bool:
    """Route the compiles of atomc's patterns through the cache; False (and nothing
    changed) on an unknown interpreter version or when the cache is off."""
    global _path, _installed
    if _installed:
        return True
    if sys.version_info[:2] not in KNOWN_VERSIONS:
        return False
    from re import _compiler  # type: ignore[attr-defined]

    if not hasattr(_compiler, "_code") or not hasattr(_compiler, "compile"):
        return False
    path = cache_path()
    if path is None:
        return False
    _path = path
    _compiler.compile = _make_compile(_compiler.compile)
    atexit.register(_write_at_exit)
    _installed = True
    return True
