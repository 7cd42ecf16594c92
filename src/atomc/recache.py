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
FILE; by default it is `$XDG_CACHE_HOME/atomc/regex-code-<tag>.marshal`, read on
the first pattern compiled and rewritten at exit only if this process compiled one
it did not hold. A missing, corrupt or other interpreter's file counts as empty; an
unwritable place is ignored (cachefile.py replaces the file atomically).
"""

from __future__ import annotations

import atexit
import marshal
import sys
from typing import Any

from .cachefile import INTERPRETER_TAG, cache_location, interpreter_header, replace_atomically

ENV_VAR = "ATOMC_REGEX_CACHE"
FORMAT = "atomc-regex-cache 1"
# versions whose re._compiler.compile is parse, _code, then
# _sre.compile(pattern, flags | state.flags, code, groups - 1, groupindex, indexgroup)
KNOWN_VERSIONS = ((3, 11), (3, 12))
PACKAGES = ("atomc", "pycparser", "pycparserext")
MAX_ENTRIES = 400

# (pattern, flags) -> the arguments of _sre.compile after the pattern
Key = tuple[Any, int]
Entry = tuple[int, list[int], int, dict[str, int], tuple[Any, ...]]


class Stats:
    """Work counters for tests: patterns compiled here (parsed and generated), and
    patterns made from the cache."""

    __slots__ = ("compiled", "hits")

    def __init__(self) -> None:
        self.compiled = 0
        self.hits = 0


stats = Stats()
_path: str | None = None
_entries: dict[Key, Entry] | None = None  # None until the file is read
_used: set[Key] = set()
_new = 0
_installed = False


def cache_path() -> str | None:
    """The cache file, or None when the cache is off."""
    return cache_location(ENV_VAR, f"regex-code-{INTERPRETER_TAG}.marshal")


def load(path: str) -> dict[Key, Entry]:
    """The entries of the file at `path`; empty when it is missing, unreadable,
    corrupt or from another interpreter."""
    try:
        with open(path, "rb") as f:
            data = marshal.loads(f.read())
    except Exception:  # noqa: BLE001 - marshal raises EOFError, ValueError, TypeError...
        return {}
    if not (isinstance(data, tuple) and len(data) == 2 and data[0] == interpreter_header(FORMAT)
            and isinstance(data[1], dict)):
        return {}
    return {k: v for k, v in data[1].items() if _valid(k, v)}


def _valid(key: object, entry: object) -> bool:
    return (isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], (str, bytes))
            and isinstance(key[1], int) and isinstance(entry, tuple) and len(entry) == 5
            and isinstance(entry[0], int) and isinstance(entry[1], list)
            and isinstance(entry[2], int) and isinstance(entry[3], dict)
            and isinstance(entry[4], tuple))


def save(path: str, entries: dict[Key, Entry]) -> bool:
    """Write `entries` to `path` atomically; False when the place is not writable."""
    return replace_atomically(path, marshal.dumps((interpreter_header(FORMAT), entries)))


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
        global _entries, _new
        if not isinstance(p, (str, bytes)) or flags & debug or not _ours():
            return original(p, flags)
        if _entries is None:
            _entries = load(_path) if _path is not None else {}
        key = (p, flags)
        entry = _entries.get(key)
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
    if not _new or _path is None or _entries is None:
        return
    entries = _entries
    on_disk = load(_path)
    if len(on_disk) + len(entries) > MAX_ENTRIES:
        on_disk = {}
        entries = {k: entries[k] for k in _used}
    save(_path, {**on_disk, **entries})


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
