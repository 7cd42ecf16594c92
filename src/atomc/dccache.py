"""A persistent cache of the code that `dataclasses` generates, because compiling it
is a large share of every short compile.

CPython's `dataclasses` writes each class's `__init__`, `__repr__`, `__eq__`,
`__hash__`, `__setattr__`... as source text and `exec`s it: importing atomc creates
about 180 dataclasses, and compiling their ~950 method texts was about 40% of the
instructions of a tiny -O0 -g compile (each `atomc` process imports anew). The code
object depends only on the text, so it is cached, keyed by the exact text, in one
marshal file; a later process runs the cached code object with the same globals and
namespace, so every method is the one plain `dataclasses` would have made.

The hook is the name `exec` in the `dataclasses` module (its only `exec` call runs
the generated text), set only on the interpreter versions whose generator is known
to call `exec(text, globals, namespace)`; elsewhere nothing changes. Anything
unexpected (a non-text argument, keywords) goes to the builtin untouched.

`ATOMC_DATACLASS_CACHE=off` turns the cache off, `ATOMC_DATACLASS_CACHE=FILE` puts it
in FILE; by default it is `$XDG_CACHE_HOME/atomc/dataclass-methods-<tag>.marshal`.
It lives in the user's cache, like the parse cache (frontend/parse_cache.py), so
PYTHONDONTWRITEBYTECODE does not apply. A file from another interpreter, an
unreadable or corrupt file counts as empty; it is written at exit, only when new
texts were compiled, to a temporary file renamed into place, and an unwritable
place is ignored.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import marshal
import os
import sys
import tempfile
from dataclasses import dataclass, field
from types import CodeType
from typing import Any

ENV_VAR = "ATOMC_DATACLASS_CACHE"
_OFF = frozenset({"0", "off", "no", "false", "none"})
FORMAT = "atomc-dataclass-cache 1"
# versions whose dataclasses._create_fn runs `exec(txt, globals, ns)` on its text
KNOWN_VERSIONS = ((3, 11), (3, 12))
# beyond this many entries a write keeps only the texts this process used (an
# -O2 -g compile uses about 1,100; texts of older atomc versions pile up beside
# them, and each 1,000 entries cost some 20 ms to load)
MAX_ENTRIES = 3000


@dataclass(slots=True)
class Stats:
    """Work counters: `compiled` is the number of generated texts compiled here,
    the count a test expects to be 0 in a process after a warm one."""

    hits: int = 0
    compiled: int = 0
    used: set[str] = field(default_factory=set)


stats = Stats()
_codes: dict[str, CodeType] = {}
_path: str | None = None
_installed = False


def cache_path() -> str | None:
    """Where the cache file lives, or None when it is off."""
    value = os.environ.get(ENV_VAR)
    if value is not None:
        if not value.strip() or value.strip().lower() in _OFF:
            return None
        return value
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    tag = sys.implementation.cache_tag or "unknown"
    return os.path.join(base, "atomc", f"dataclass-methods-{tag}.marshal")


def _header() -> str:
    return f"{FORMAT}\0{sys.version}\0{sys.hexversion}"


def load(path: str) -> dict[str, CodeType]:
    """The entries of the file at `path`; empty when it is missing, unreadable,
    corrupt or from another interpreter."""
    try:
        with open(path, "rb") as f:
            data = marshal.load(f)
    except Exception:  # noqa: BLE001 - marshal raises EOFError, ValueError, TypeError...
        return {}
    if not (isinstance(data, tuple) and len(data) == 2 and data[0] == _header()
            and isinstance(data[1], dict)):
        return {}
    return {k: v for k, v in data[1].items() if isinstance(k, str) and isinstance(v, CodeType)}


def save(path: str, codes: dict[str, CodeType]) -> bool:
    """Write `codes` to `path` atomically; False when the place is not writable."""
    directory = os.path.dirname(path) or "."
    try:
        os.makedirs(directory, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".dataclass-methods-", dir=directory)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            marshal.dump((_header(), codes), f)
        os.replace(tmp, path)
    except Exception:  # noqa: BLE001 - a full disk or an unmarshallable constant
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return False
    return True


def _is_atomc(globals: Any) -> bool:
    """Whether the class being made is atomc's own (dataclasses passes its module's
    globals): other libraries' classes, a test runner's, stay out of the file that
    every compile loads."""
    name = globals.get("__name__") if isinstance(globals, dict) else None
    return isinstance(name, str) and (name == "atomc" or name.startswith("atomc."))


def _exec(source: Any, globals: Any = None, locals: Any = None, /, **kwargs: Any) -> None:
    """`exec` for the dataclasses module: a text runs from its cached code object."""
    if type(source) is not str or kwargs or not _is_atomc(globals):
        builtins.exec(source, globals, locals, **kwargs)
        return
    code = _codes.get(source)
    if code is None:
        # what exec(source) compiles: filename "<string>", no inherited future flags
        # (dataclasses.py has no __future__ import)
        code = compile(source, "<string>", "exec", dont_inherit=True)
        _codes[source] = code
        stats.compiled += 1
    else:
        stats.hits += 1
    stats.used.add(source)
    builtins.exec(code, globals, locals)


def _write_at_exit() -> None:
    if not stats.compiled or _path is None:
        return
    on_disk = load(_path)
    merged = {**on_disk, **_codes}
    if len(merged) > MAX_ENTRIES:
        merged = {k: _codes[k] for k in stats.used}
    save(_path, merged)


def install() -> bool:
    """Route dataclasses' generated code through the cache; False (and nothing
    changed) on an unknown interpreter version or when the cache is off."""
    global _path, _installed
    if _installed:
        return True
    import dataclasses

    if sys.version_info[:2] not in KNOWN_VERSIONS or "exec" in vars(dataclasses) \
            or not hasattr(dataclasses, "_create_fn"):
        return False
    path = cache_path()
    if path is None:
        return False
    _path = path
    _codes.update(load(path))
    setattr(dataclasses, "exec", _exec)  # noqa: B010 - a module global mypy does not know
    atexit.register(_write_at_exit)
    _installed = True
    return True
