"""A persistent cache of the code that `dataclasses` generates, because compiling it
is a large share of every short compile.

CPython's `dataclasses` writes each class's `__init__`, `__repr__`, `__eq__`,
`__hash__`, `__setattr__`... as source text and `exec`s it: importing atomc creates
about 180 dataclasses, and compiling their ~950 method texts was about 40% of the
instructions of a tiny -O0 -g compile (each `atomc` process imports anew). The code
object depends only on the text, so it is cached, keyed by the exact text; a later
process runs the cached code object with the same globals and namespace, so every
method is the one plain `dataclasses` would have made.

The hook is the name `exec` in the `dataclasses` module (its only `exec` call runs
the generated text), set only on the interpreter versions whose generator is known
to call `exec(text, globals, namespace)`; elsewhere nothing changes. Anything
unexpected (a non-text argument, keywords), and the classes of packages other than
atomc and its parser's (pycparser, pycparserext), go to the builtin untouched.

One file per defining module and source file (`<module>-<hash of its path>.marshal`),
read when that module makes its first dataclass: a process reads the texts of the
modules it imports, not those of every stage, checkout and version of atomc (one
file of everything had grown to 1.3 MB, a fifth of a tiny compile's instructions).
A file records the stat of its module's source; when it is rewritten (at exit, only
if this process compiled a text of that module) the texts it held are kept only if
that source is unchanged, so an edited module's old texts go, and files of the same
module whose source file is gone (a removed checkout) are deleted.

The docstring dataclasses makes for a class without one is its name and
`inspect.signature(cls)`; for atomc's classes (63 lack a docstring, and pycparser's)
the signature's text is cached too, keyed by all that inspect reads of a class whose
signature is its generated `__init__`'s (`_doc_key`). So a warm compile never
imports `inspect` (with ast, dis, tokenize and linecache: 5% of a tiny compile):
dataclasses is imported with a stub in its place (`_inspect_stub`).

With the hook, dataclasses' pattern that reads the start of an annotation's text
(is it a ClassVar, an InitVar?) keeps its match per text (`_AnnotationPattern`).

`ATOMC_DATACLASS_CACHE=off` turns the cache off, `ATOMC_DATACLASS_CACHE=DIR` puts it
in DIR; by default it is `$XDG_CACHE_HOME/atomc/dataclass-methods-<tag>/`.
It lives in the user's cache, like the parse cache (frontend/parse_cache.py), so
PYTHONDONTWRITEBYTECODE does not apply. A file from another interpreter, an
unreadable or corrupt file counts as empty; files are written to a temporary name
and renamed into place (concurrent processes read a whole old or a whole new file),
and an unwritable place is ignored.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import marshal
import os
import re
import sys
from types import CodeType, FunctionType, ModuleType
from typing import Any

from .cachefile import INTERPRETER_TAG, cache_location, interpreter_header, replace_atomically

ENV_VAR = "ATOMC_DATACLASS_CACHE"
FORMAT = "atomc-dataclass-cache 3"
# the entries of signature texts begin with this (no generated text does), so that
# a file stays what versions of atomc without them read
DOC_PREFIX = "\0doc "
# the recordings of classes (dcreplay.py), (name, code, name, code...), are the
# entries keyed (CLASS_TAG, key of the class)
CLASS_TAG = "\0cls"
SUFFIX = ".marshal"
# the packages whose classes are cached: atomc's and the parser's it imports
PACKAGES = ("atomc", "pycparser", "pycparserext")
# versions whose dataclasses._create_fn runs `exec(txt, globals, ns)` on its text
KNOWN_VERSIONS = ((3, 11), (3, 12))

Stamp = tuple[int, int]  # the source's (st_mtime_ns, st_size); (0, 0) when unknown


class Stats:
    """Work counters: `compiled` is the number of generated texts compiled here,
    the count a test expects to be 0 in a process after a warm one; `bytes_read`
    what the cache files read here held. (A plain class: the module's own
    dataclasses would be made before the hook is in place.)"""

    __slots__ = ("hits", "compiled", "files_read", "bytes_read", "signatures", "doc_hits",
                 "annotations_matched")

    def __init__(self) -> None:
        self.hits = 0
        self.compiled = 0
        self.files_read = 0
        self.bytes_read = 0
        self.signatures = 0  # classes' signatures computed by inspect here
        self.doc_hits = 0  # and read from the cache
        # annotation texts matched by dataclasses' pattern here (once each)
        self.annotations_matched = 0

    def __repr__(self) -> str:
        return (f"Stats(hits={self.hits}, compiled={self.compiled}, "
                f"files_read={self.files_read}, bytes_read={self.bytes_read}, "
                f"signatures={self.signatures}, doc_hits={self.doc_hits}, "
                f"annotations_matched={self.annotations_matched})")


class _Module:
    """The cache of one defining module in this process."""

    __slots__ = ("path", "source", "codes", "used", "compiled", "docs", "used_docs",
                 "classes", "used_classes")

    def __init__(self, path: str, source: str, codes: dict[str, CodeType],
                 docs: dict[str, str] | None = None,
                 classes: dict[tuple[Any, ...], tuple[Any, ...]] | None = None) -> None:
        self.path = path  # its cache file
        self.source = source  # its source file, "" when it has none
        self.codes = codes
        self.used: set[str] = set()
        self.compiled = 0  # texts compiled and signatures computed here
        # the signature texts of its classes without a docstring, by _doc_key
        self.docs: dict[str, str] = {} if docs is None else docs
        self.used_docs: set[str] = set()
        # the recordings of its classes (dcreplay.py), by their key
        self.classes: dict[tuple[Any, ...], tuple[Any, ...]] = {} if classes is None else classes
        self.used_classes: set[tuple[Any, ...]] = set()


stats = Stats()
_modules: dict[str, _Module] = {}
_dir: str | None = None
_installed = False


def cache_path() -> str | None:
    """The directory of the cache files, or None when the cache is off."""
    return cache_location(ENV_VAR, f"dataclass-methods-{INTERPRETER_TAG}")


def _fnv(text: str) -> int:
    """FNV-1a of `text`: a stable hash needing no extension module (zlib, hashlib),
    which a compile would otherwise load for this alone."""
    h = 0x811C9DC5
    for b in text.encode("utf-8", "surrogatepass"):
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


_dir_keys: dict[str, str] = {}


def module_file(directory: str, module: str, source: str) -> str:
    """The cache file of `module` defined in `source`: one per checkout, so two
    worktrees of different versions never rewrite each other's, and one per format:
    the parser's modules are shared by every checkout that uses the same
    installation of it, and versions of atomc with different formats would each
    read the other's file as empty and rewrite it, on every compile."""
    folder = os.path.dirname(source)
    key = _dir_keys.get(folder)
    if key is None:
        key = _dir_keys[folder] = f"{_fnv(FORMAT + chr(0) + folder):08x}"
    return os.path.join(directory, f"{module}-{key}{SUFFIX}")


def _read(path: str) -> tuple[str, Stamp, dict[str, CodeType], dict[str, str],
                              dict[tuple[Any, ...], tuple[Any, ...]]] | None:
    """The source, stamp and entries (texts' code, signatures, class recordings) of
    the file at `path`; None when it is missing, unreadable, corrupt or from
    another interpreter."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
        # loads of the bytes: marshal.load(f) reads a file object in small pieces,
        # several times slower
        data = marshal.loads(raw)
    except Exception:  # noqa: BLE001 - marshal raises EOFError, ValueError, TypeError...
        return None
    stats.files_read += 1
    stats.bytes_read += len(raw)
    if not (isinstance(data, tuple) and len(data) == 4 and data[0] == interpreter_header(FORMAT)
            and isinstance(data[1], str) and isinstance(data[3], dict)):
        return None
    stamp = data[2]
    if not (isinstance(stamp, tuple) and len(stamp) == 2
            and all(isinstance(x, int) for x in stamp)):
        return None
    # the entries sorted by kind in one pass (three filtering passes, each entry's
    # checks in generators, were 40% of reading a file)
    codes: dict[str, CodeType] = {}
    docs: dict[str, str] = {}
    classes: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    n = len(DOC_PREFIX)
    for k, v in data[3].items():
        if isinstance(k, str):
            if isinstance(v, CodeType):
                codes[k] = v
            elif isinstance(v, str) and k.startswith(DOC_PREFIX):
                docs[k[n:]] = v
        elif type(k) is tuple and type(v) is tuple and len(k) == 2 and k[0] == CLASS_TAG \
                and type(k[1]) is tuple and _is_recording(v):
            classes[k[1]] = v
    return data[1], stamp, codes, docs, classes


_STR = frozenset({str})
_CODE = frozenset({CodeType})


def _is_recording(entry: tuple[Any, ...]) -> bool:
    """Whether `entry` has the shape of a class's recording: names and code objects
    (the types of each half as a set, made in C)."""
    return len(entry) % 2 == 0 and set(map(type, entry[::2])) <= _STR \
        and set(map(type, entry[1::2])) <= _CODE


def load(path: str) -> dict[str, CodeType]:
    """The entries of the cache file at `path`; empty when it is missing,
    unreadable, corrupt or from another interpreter."""
    read = _read(path)
    return {} if read is None else read[2]


def load_all(directory: str) -> dict[str, CodeType]:
    """Every entry of every cache file in `directory` (for tests and inspection)."""
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return {}
    codes: dict[str, CodeType] = {}
    for name in names:
        if name.endswith(SUFFIX):
            codes.update(load(os.path.join(directory, name)))
    return codes


def save(path: str, codes: dict[str, CodeType], source: str = "",
         stamp: Stamp = (0, 0), docs: dict[str, str] | None = None,
         classes: dict[tuple[Any, ...], tuple[Any, ...]] | None = None) -> bool:
    """Write `codes`, `docs` and `classes` (of the module in `source`, as it was at
    `stamp`) to `path` atomically; False when the place is not writable."""
    try:
        entries: dict[str | tuple[Any, ...], CodeType | str | tuple[Any, ...]] = {}
        entries.update(codes)
        for key, text in (docs or {}).items():
            entries[DOC_PREFIX + key] = text
        for class_key, entry in (classes or {}).items():
            entries[(CLASS_TAG, class_key)] = entry
        data = marshal.dumps((interpreter_header(FORMAT), source, stamp, entries))
    except ValueError:  # an unmarshallable constant
        return False
    return replace_atomically(path, data)


def _stamp(source: str) -> Stamp:
    try:
        st = os.stat(source)
    except (OSError, ValueError):
        return (0, 0)
    return (st.st_mtime_ns, st.st_size)


def _module(globals: Any) -> _Module | None:
    """The cache of the module whose class is being made (dataclasses passes its
    module's globals), loaded on its first class; None for a module of another
    package: a test runner's classes, a script's, stay out of the cache."""
    if not isinstance(globals, dict):
        return None
    name = globals.get("__name__")
    if not isinstance(name, str):
        return None
    mod = _modules.get(name)
    if mod is not None:
        return mod
    if _dir is None or name.partition(".")[0] not in PACKAGES:
        return None
    source = globals.get("__file__")
    source = source if isinstance(source, str) else ""
    path = module_file(_dir, name, source)
    read = _read(path)
    mod = _modules[name] = _Module(path, source, {} if read is None else read[2],
                                   None if read is None else read[3],
                                   None if read is None else read[4])
    return mod


def _exec(source: Any, globals: Any = None, locals: Any = None, /, **kwargs: Any) -> None:
    """`exec` for the dataclasses module: a text runs from its cached code object."""
    mod = _module(globals) if type(source) is str and not kwargs else None
    if mod is None:
        if type(source) is str:
            # compiled as dataclasses' own `exec(text)` compiles it: without the
            # future flags of this module (annotations as texts), which a text run
            # from here would inherit
            source = compile(source, "<string>", "exec", dont_inherit=True)
        builtins.exec(source, globals, locals, **kwargs)
        return
    code = mod.codes.get(source)
    if code is None:
        # what exec(source) compiles: filename "<string>", no inherited future flags
        # (dataclasses.py has no __future__ import)
        code = compile(source, "<string>", "exec", dont_inherit=True)
        mod.codes[source] = code
        mod.compiled += 1
        stats.compiled += 1
    else:
        stats.hits += 1
    mod.used.add(source)
    builtins.exec(code, globals, locals)


def _real_inspect() -> Any:
    import inspect

    return inspect


# code flags of a function taking *args, **kwargs
_VARARGS = 0x04 | 0x08


def _doc_key(cls: type) -> str | None:
    """All that `inspect.signature(cls)` reads of a class whose signature is its own
    plain `__init__`'s (a dataclass's generated one): its name, parameters, their
    defaults and annotations; None for any other class (a metaclass, a `__new__`, an
    inherited or wrapped `__init__`), and when a default's text names an address."""
    if type(cls) is not type or cls.__new__ is not object.__new__ \
            or hasattr(cls, "__signature__"):
        return None
    init = cls.__dict__.get("__init__")
    if type(init) is not FunctionType or hasattr(init, "__wrapped__") \
            or hasattr(init, "__signature__"):
        return None
    code = init.__code__
    n = code.co_argcount + code.co_kwonlyargcount + 2
    key = repr((cls.__qualname__, code.co_varnames[:n], code.co_argcount,
                code.co_posonlyargcount, code.co_kwonlyargcount, code.co_flags & _VARARGS,
                init.__defaults__, init.__kwdefaults__, init.__annotations__))
    return None if " at 0x" in key else key


def _signature(obj: Any) -> Any:
    """`inspect.signature` as dataclasses calls it, to make the docstring of a class
    that has none: the text, from the cache for atomc's classes."""
    mod = _modules.get(getattr(obj, "__module__", None) or "") \
        if _installed and isinstance(obj, type) else None
    key = _doc_key(obj) if mod is not None else None
    if mod is None or key is None:
        return _real_inspect().signature(obj)
    text = mod.docs.get(key)
    if text is None:
        text = mod.docs[key] = str(_real_inspect().signature(obj))
        mod.compiled += 1
        stats.signatures += 1
    else:
        stats.doc_hits += 1
    mod.used_docs.add(key)
    return text


class _AnnotationPattern:
    """dataclasses' `_MODULE_IDENTIFIER_RE` with its matches kept by text.

    With `from __future__ import annotations` every annotation is a text, which
    dataclasses matches against this pattern three times per field (is it a
    ClassVar, an InitVar, KW_ONLY?) to find the name it starts with: some 2,000
    matches of a few hundred distinct texts, 1.5% of a tiny compile's instructions.
    A match depends only on the text; a kept one is the same immutable match
    object (its `group`s are all dataclasses reads)."""

    __slots__ = ("pattern", "matches")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.matches: dict[str, re.Match[str] | None] = {}

    def match(self, text: Any, *args: Any) -> re.Match[str] | None:
        if args or type(text) is not str:
            return self.pattern.match(text, *args)
        try:
            return self.matches[text]
        except KeyError:
            found = self.matches[text] = self.pattern.match(text)
            stats.annotations_matched += 1
            return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pattern, name)


def _inspect_stub() -> ModuleType:
    """What dataclasses imports as `inspect`: its one use, `signature` (for the
    docstring of a class without one), goes through the cache, and any other name
    loads the real module. Importing `inspect` (with ast, dis, tokenize and
    linecache) was 5% of a tiny compile's instructions, for signatures a warm
    cache holds."""
    stub = ModuleType("inspect", _inspect_stub.__doc__)
    vars(stub).update(signature=_signature,
                      __getattr__=lambda name: getattr(_real_inspect(), name))
    return stub


def _copy_stub() -> ModuleType:
    """What dataclasses imports as `copy`: a module that imports the real one on the
    first name asked of it (`deepcopy`, by `asdict` and `astuple`, which a compile
    does not call). Importing `copy` searched every folder of sys.path for Jython's
    `org.python.core`, and imported `weakref`: 1% of a tiny compile's instructions,
    and dataclasses is its only importer there."""
    stub = ModuleType("copy", _copy_stub.__doc__)

    def real(name: str) -> Any:
        import copy

        value = getattr(copy, name)
        setattr(stub, name, value)
        return value

    vars(stub)["__getattr__"] = real
    return stub


def _prune(mod: _Module, name: str) -> None:
    """Delete the files of module `name` whose source file is gone."""
    directory = os.path.dirname(mod.path)
    try:
        others = [n for n in os.listdir(directory)
                  if n.startswith(f"{name}-") and n.endswith(SUFFIX)
                  and n[len(name) + 1:-len(SUFFIX)].isalnum()]
    except OSError:
        return
    for other in others:
        path = os.path.join(directory, other)
        if path == mod.path:
            continue
        source = _source_of(path)
        if source is None or (source and not os.path.exists(source)):
            with contextlib.suppress(OSError):
                os.unlink(path)


def _source_of(path: str) -> str | None:
    """The source file named by the cache file at `path`, in this format or another
    (a checkout of another atomc version keeps its files while its sources are
    there); None when the file is corrupt, "" when it names none."""
    try:
        with open(path, "rb") as f:
            data = marshal.loads(f.read())
    except FileNotFoundError:
        return ""
    except Exception:  # noqa: BLE001 - marshal raises EOFError, ValueError, TypeError...
        return None
    if isinstance(data, tuple) and len(data) >= 2 and isinstance(data[1], str):
        return data[1]
    return None


def write(mod: _Module, name: str) -> bool:
    """Rewrite the file of `mod` with the texts this process used, and those it
    held while its module's source is unchanged (a text made only on some path,
    by a class defined in a function, stays)."""
    stamp = _stamp(mod.source) if mod.source else (0, 0)
    codes = {t: mod.codes[t] for t in mod.used}
    docs = {k: mod.docs[k] for k in mod.used_docs}
    classes = {k: mod.classes[k] for k in mod.used_classes}
    on_disk = _read(mod.path)
    if on_disk is not None and on_disk[0] == mod.source and on_disk[1] == stamp \
            and stamp != (0, 0):
        codes = {**on_disk[2], **codes}
        docs = {**on_disk[3], **docs}
        classes = {**on_disk[4], **classes}
    if not save(mod.path, codes, mod.source, stamp, docs, classes):
        return False
    _prune(mod, name)
    return True


def _write_at_exit() -> None:
    for name, mod in _modules.items():
        if mod.compiled:
            write(mod, name)


def install() -> bool:
    """Route dataclasses' generated code through the cache; False (and nothing
    changed) on an unknown interpreter version or when the cache is off."""
    global _dir, _installed
    if _installed:
        return True
    path = cache_path()
    if sys.version_info[:2] not in KNOWN_VERSIONS or path is None:
        return False
    # dataclasses imports `inspect` for its one call, and `copy`, to the stubs (not
    # when dataclasses or the module was imported before)
    stub = _inspect_stub()
    stubs = {"inspect": stub, "copy": _copy_stub()}
    placed = [] if "dataclasses" in sys.modules else \
        [name for name in stubs if name not in sys.modules]
    for name in placed:
        sys.modules[name] = stubs[name]
    try:
        import dataclasses
    finally:
        for name in placed:
            if sys.modules.get(name) is stubs[name]:
                del sys.modules[name]
    if "exec" in vars(dataclasses) or not hasattr(dataclasses, "_create_fn") \
            or not hasattr(vars(dataclasses).get("inspect"), "signature"):
        return False
    _dir = path
    setattr(dataclasses, "exec", _exec)  # noqa: B010 - a module global mypy does not know
    setattr(dataclasses, "inspect", stub)  # noqa: B010
    pattern = vars(dataclasses).get("_MODULE_IDENTIFIER_RE")
    if isinstance(pattern, re.Pattern):
        setattr(dataclasses, "_MODULE_IDENTIFIER_RE", _AnnotationPattern(pattern))  # noqa: B010
    atexit.register(_write_at_exit)
    _installed = True
    return True
