"""Parsed header segments, cached on disk across compiles: gcc's precompiled headers
or clang's implicit module cache, but implicit and exact.

Most of a small file's preprocessed text is the same system and project headers,
and parsing them is most of its front end. The parse of a stretch of that text
depends only on the stretch and on the parser's state where it starts, which at
file scope is the set of names declared there (typedef or not: the lexer asks it
whether an identifier is a type); every stretch starts with a line marker, which
sets the lexer's file and line. So a stretch the parse crosses at file scope (no
declaration straddles its ends, no token was lexed ahead of the state it needs) is
a *segment*: its key chains the previous segment's key with its text, and its value
is the declarations parsed from it and the file-scope names it changed.

A compile loads the longest chain of stored segments that matches its text, parses
the rest from the state at its end, and stores the segments it crossed on the way.
The line markers and blank lines before a segment's first and after its last token
are left out of its key (they set nothing the next token's coordinates keep): the
same header text is then the same segment whether it was included from the main
file or from another header. Only text before the main file's own first line is
cached. A parse error is always reported by a plain parse of the whole text, so
diagnostics are exactly those without the cache; the key also covers the
interpreter and the sources of the parser (atomc's front end, pycparser,
pycparserext), so an edited parser never reads old entries.

Under a compile server (atomc/server) the segments also live in memory: every
compile is a child forked from the server, so a segment the server holds unpickled
reaches each child as it stands, with no file read and no unpickling, and each
child's changes to its copy stay in that child (`Resident`). The children name
the entries they read from disk or wrote through a pipe, and the server loads
those between compiles.

`ATOMC_PARSE_CACHE=off` turns the cache off, `ATOMC_PARSE_CACHE=DIR` puts it in DIR;
by default it is `$XDG_CACHE_HOME/atomc/parse` (`~/.cache/atomc/parse`). Entries
are written to a temporary file and renamed into place, so concurrent compiles
never read half an entry, and unreadable entries count as misses.
"""

from __future__ import annotations

import bisect
import contextlib
import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..cachefile import blake2b, cache_location, replace_atomically
from .preprocess import Markers, MarkerSearch

ENV_VAR = "ATOMC_PARSE_CACHE"
FORMAT = b"atomc-parse-cache 1"
_PICKLE_PROTOCOL = 5

# cpp's line marker: `# 12 "file.h" 2 3 4`
_MARKER = re.compile(r'^# \d+ "((?:[^"\\\n]|\\.)*)"((?: [1-4])*)[ \t]*$', re.MULTILINE)
_CONTENT = re.compile(r"\S")
# the same lines, found by a search that skips ahead (preprocess.MarkerSearch)
_MARKERS = MarkerSearch(r'# \d+ "([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"((?: [1-4])*+)[ \t]*+$')


def cache_dir() -> str | None:
    """Where entries live, or None when the cache is off. (Paths here are strings:
    pathlib, with urllib.parse and ipaddress, was 2% of a tiny compile's
    instructions; pickle is imported where an entry is read or written.)"""
    return cache_location(ENV_VAR, "parse")


@cache
def fingerprint() -> bytes:
    """The parser's identity: the interpreter and the source of every module that
    can change what a parse produces (atomc's front end modules, pycparser and
    pycparserext). Content, not modification times: a checkout or an edit back and
    forth must still tell apart what differs. (The files are read only when their
    stats differ from those of the last digest, atomc/filedigest.py.)"""
    import pycparser
    import pycparserext

    from .. import filedigest

    dirs = [os.path.dirname(os.path.abspath(m.__file__ or ""))
            for m in (sys.modules[__name__], pycparser, pycparserext)]
    root = cache_dir()
    memo = None if root is None else os.path.join(root, filedigest.memo_name("fingerprint", dirs))
    return filedigest.digest(FORMAT + sys.version.encode(), dirs, memo)


@dataclass(frozen=True, slots=True)
class Layout:
    """Where a text's segments may end: its include line markers (entering or
    leaving a header) before `limit`, the start of the main file's first non-blank
    line; and, per line-marker region, where its tokens start and end."""

    boundaries: list[int]  # offsets of include markers, sorted, all < limit
    region_starts: list[int]  # offset of every line marker, sorted
    content: list[tuple[int, int] | None]  # per region: (first, end) of its non-blank text
    limit: int
    next_content: list[int]  # per region: the first region from it on with content
    last_content: list[int]  # per region: the last region up to it with content (or -1)


def layout_ok(text: str) -> bool:
    """Can `text` have segments (is it cpp output)?"""
    return text.startswith("# 0 ") and _MARKER.match(text) is not None


def _own_markers(text: str) -> Iterator[tuple[int, str, str, int]]:
    """`_MARKERS`' lines of `text` as (offset, name, flags, end), read as needed."""
    for at, m in _MARKERS.finditer(text):
        yield at, m.group(1), m.group(2), m.end()


def _shared_markers(markers: Markers) -> Iterator[tuple[int, str, str, int]]:
    """The lines of `preprocess.line_markers`' list that `_MARKERS` matches (flags 1
    to 4 only, blanks or tabs after them), as `_own_markers` gives them."""
    for at, m in markers:
        if not m.group(3).strip(" 1234") and not m.group(4).strip(" \t"):
            yield at, m.group(2), m.group(3), m.end()


def layout(text: str, markers: Markers | None = None) -> Layout | None:
    """The segment layout of cpp output, or None when the text does not start with
    cpp's `# 0 "file"` marker (hand-written input: nothing to share). `markers`:
    the text's `line_markers`, when the caller has them (without, a search of
    its own reads up to the main file's first line)."""
    first = _MARKER.match(text)
    if first is None or not text.startswith("# 0 "):
        return None
    main = first.group(1)
    found = _own_markers(text) if markers is None else _shared_markers(markers)
    boundaries: list[int] = []
    starts: list[int] = []
    content: list[tuple[int, int] | None] = []
    limit = len(text)
    following = next(found, None)
    while following is not None:
        at, name, flags, after = following
        following = next(found, None)
        body_end = following[0] if following is not None else len(text)
        c = _CONTENT.search(text, after, body_end)
        span = None
        if c is not None:
            end = body_end
            while text[end - 1].isspace():
                end -= 1
            span = (c.start(), end)
        if name == main and span is not None:
            limit = span[0]
            break
        starts.append(at)
        content.append(span)
        if "1" in flags.split() or "2" in flags.split():
            boundaries.append(at)
    n = len(content)
    next_content, last_content = [n] * (n + 1), [-1] * n
    for i in range(n - 1, -1, -1):
        next_content[i] = i if content[i] is not None else next_content[i + 1]
    for i in range(n):
        last_content[i] = i if content[i] is not None else (last_content[i - 1] if i else -1)
    return Layout(boundaries, starts, content, limit, next_content, last_content)


def _spans(lay: Layout, start: int, end: int) -> tuple[int, int] | None:
    """The keyed text of the stretch [start, end): from the line marker before its
    first token to its last token; None when it holds no token."""
    lo = bisect.bisect_left(lay.region_starts, start)
    hi = bisect.bisect_left(lay.region_starts, end)
    first = lay.next_content[lo]
    if first >= hi:
        return None
    span = lay.content[lay.last_content[hi - 1]]
    assert span is not None
    return lay.region_starts[first], span[1]


def segment_key(prev: bytes, text: str, span: tuple[int, int]) -> bytes:
    h = blake2b(prev, digest_size=20)
    h.update(text[span[0]:span[1]].encode("utf-8", "surrogatepass"))
    return h.digest()


# pickle bytes a server holds in memory at most (their objects take a few times that)
RESIDENT_LIMIT = 64 << 20


class Resident:
    """The entries a compile server holds unpickled, by path, for the children it
    forks; and, in a child, the pipe on which it names the entries it read from disk
    or stored, so that the server loads them for the next compiles.

    A child takes each entry at most once (`take` removes it from its copy of the
    table): a second compile in the same process gets a fresh unpickled copy, as
    the first one may have changed the nodes. Entries never go stale: a key
    names the parser and the exact text before and in the segment."""

    __slots__ = ("entries", "report_fd", "size")

    def __init__(self) -> None:
        self.entries: dict[str, tuple[list[object], dict[str, bool]]] = {}
        self.report_fd: int | None = None
        self.size = 0

    def take(self, path: str) -> tuple[list[object], dict[str, bool]] | None:
        return self.entries.pop(path, None) if self.entries else None

    def report(self, path: str) -> None:
        """Name an entry read from disk or written (the server reads the pipe; a full
        pipe loses the name, which only costs a later compile the unpickling)."""
        if self.report_fd is not None:
            with contextlib.suppress(OSError):
                os.write(self.report_fd, os.fsencode(path) + b"\n")

    def load(self, path: str) -> bool:
        """In the server: hold the entry at `path` (an absolute path a child named)."""
        if path in self.entries or self.size >= RESIDENT_LIMIT:
            return False
        import pickle

        try:
            key = bytes.fromhex(os.path.basename(os.path.dirname(path))
                                + os.path.basename(path).removesuffix(".pickle"))
            with open(path, "rb") as f:
                data = f.read()
            stored_key, decls, names = pickle.loads(data)
        except Exception:  # unreadable or damaged: the child reads it itself
            return False
        if stored_key != key:
            return False
        self.entries[path] = (decls, names)
        self.size += len(data)
        return True


RESIDENT = Resident()


@dataclass(slots=True)
class Store:
    """The entries of one cache directory: per segment key, a pickle of (the key,
    its declarations, the file-scope names it set)."""

    root: str | os.PathLike[str]
    stats: dict[str, int] = field(
        default_factory=lambda: {"hits": 0, "stored": 0, "unpickled": 0})

    def _path(self, key: bytes) -> str:
        name = key.hex()
        return os.path.join(os.path.abspath(self.root), name[:2], f"{name[2:]}.pickle")

    def load(self, key: bytes) -> tuple[list[object], dict[str, bool]] | None:
        path = self._path(key)
        entry = RESIDENT.take(path)
        if entry is not None:
            self.stats["hits"] += 1
            return entry
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            return None
        import pickle

        try:
            stored_key, decls, names = pickle.loads(data)
        except Exception:  # a damaged entry is a miss
            return None
        if stored_key != key:
            return None
        self.stats["hits"] += 1
        self.stats["unpickled"] += 1
        RESIDENT.report(path)
        return decls, names

    def save(self, key: bytes, data: bytes) -> None:
        path = self._path(key)
        if replace_atomically(path, data):
            self.stats["stored"] += 1
            RESIDENT.report(path)


def load_chain(store: Store, text: str, lay: Layout, prev: bytes
               ) -> tuple[int, bytes, list[object], dict[str, bool]]:
    """The longest stored chain of segments from the start of `text`: where it ends,
    the last key, the declarations and the file-scope names at its end. Each try
    hashes on from the last, so a miss costs one pass over the text."""
    pos = 0
    decls: list[object] = []
    names: dict[str, bool] = {}
    while True:
        found = None
        h: blake2b | None = None
        hashed = 0
        for b in lay.boundaries[bisect.bisect_right(lay.boundaries, pos):]:
            span = _spans(lay, pos, b)
            if span is None or span[1] <= hashed:
                continue
            if h is None:
                h, hashed = blake2b(prev, digest_size=20), span[0]
            h.update(text[hashed:span[1]].encode("utf-8", "surrogatepass"))
            hashed = span[1]
            key = h.copy().digest()
            entry = store.load(key)
            if entry is not None:
                found = (b, key, entry)
                break
        if found is None:
            return pos, prev, decls, names
        pos, prev, (more, changed) = found[0], found[1], found[2]
        decls.extend(more)
        names.update(changed)


class _Names(dict):
    """The file-scope name table, remembering which names were set since the last
    segment ended (pycparser only assigns items into it)."""

    __slots__ = ("changed",)

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        self.changed: set[str] = set()

    def __setitem__(self, key: str, value: bool) -> None:
        self.changed.add(key)
        super().__setitem__(key, value)


@dataclass(slots=True)
class Recorder:
    """Cuts the parse into segments where it crosses an include marker at file scope,
    and pickles each as it ends (before anything downstream can touch its nodes)."""

    text: str
    layout: Layout
    start: int
    prev: bytes
    pending: list[tuple[bytes, bytes]] = field(default_factory=list)
    _decls_at_start: int = 0

    def cross(self, before: int, after: int, ext: list[object], names: _Names) -> None:
        """The parse is at file scope, between the lexer offsets `before` (after the
        last token) and `after` (after the next one, lexed with the state it needs)."""
        bounds = self.layout.boundaries
        i = bisect.bisect_left(bounds, after) - 1
        if i < 0 or bounds[i] < before or bounds[i] <= self.start:
            return
        end = bounds[i]
        span = _spans(self.layout, self.start, end)
        if span is not None:
            key = segment_key(self.prev, self.text, span)
            changed = {k: names[k] for k in names.changed}
            data = _dumps((key, _stored_prototypes(ext[self._decls_at_start:]), changed))
            self.pending.append((key, data))
            self.prev = key
            self._decls_at_start = len(ext)
            names.changed.clear()
        self.start = end


def _call_reduce(obj: object) -> Any:
    """A node or coordinate as the call that makes it, `cls(*fields)`, where its
    class's `__init__` only stores its arguments, in the order of its parameters.
    pickle's default for such an object builds a dictionary of its state and sets
    each entry (and, with a `__dict__`, builds one more per object): the call is
    about half of a header segment's unpickling, and a third of its bytes. Any
    object whose state is not exactly its parameters (an unset slot, an attribute
    set after the parse) keeps the default."""
    params = _INIT_PARAMS[type(obj)]
    try:
        state = vars(obj)
    except TypeError:  # a slots node: every slot set, in the parameters' order
        args = tuple(getattr(obj, name, _UNSET) for name in params)
        if not any(a is _UNSET for a in args):
            return type(obj), args
    else:
        if tuple(state) == params:
            return type(obj), tuple(state.values())
    return obj.__reduce_ex__(_PICKLE_PROTOCOL)


_UNSET = object()
# class -> the fields its `__init__` stores, for the classes whose `__init__` only
# stores its parameters (pycparser's generated nodes, its Coord, pycparserext's
# FuncDeclExt); filled by `_dumps` on first use
_INIT_PARAMS: dict[type, tuple[str, ...]] = {}


def _plain_init_classes() -> dict[type, tuple[str, ...]]:
    from pycparser import c_ast
    from pycparser.c_parser import Coord
    from pycparserext.ext_c_parser import FuncDeclExt

    from .prototype_shape import StoredPrototype

    classes: list[type] = [Coord, FuncDeclExt]
    classes += [c for c in vars(c_ast).values() if isinstance(c, type)
                and issubclass(c, c_ast.Node) and c.__module__ == c_ast.__name__
                and "__init__" in vars(c)]
    out: dict[type, tuple[str, ...]] = {}
    for cls in classes:
        init: Any = vars(cls)["__init__"]  # (each defines its own)
        code = init.__code__
        params = code.co_varnames[1:code.co_argcount]
        slots = tuple(s for s in vars(cls).get("__slots__", ()) if s != "__weakref__")
        if cls in (Coord, FuncDeclExt) or params == slots:
            out[cls] = params
    out[StoredPrototype] = StoredPrototype.__slots__
    return out


def _dumps(value: object) -> bytes:
    """`pickle.dumps` with nodes and coordinates by `_call_reduce`."""
    import copyreg
    import io
    import pickle

    if not _INIT_PARAMS:
        _INIT_PARAMS.update(_plain_init_classes())
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=_PICKLE_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table,
                              **dict.fromkeys(_INIT_PARAMS, _call_reduce)}
    pickler.dump(value)
    return out.getvalue()


def _stored_prototypes(decls: list[object]) -> list[object]:
    """A segment's declarations as stored: each prototype whose `shape` allows its
    deferral, and which shares no object with another declaration of the segment
    (pickled apart it would no longer share it), as a `StoredPrototype`."""
    from .prototype_shape import StoredPrototype, shape

    tags = [shape(d) for d in decls]
    if not any(t is not None for t in tags):
        return decls
    owners: dict[int, int] = {}
    shared: set[int] = set()
    for i, d in enumerate(decls):
        for o in _objects(d):
            j = owners.setdefault(id(o), i)
            if j != i:
                shared.update((i, j))
    out: list[object] = []
    for i, (d, t) in enumerate(zip(decls, tags, strict=True)):
        if t is None or i in shared:
            out.append(d)
        else:
            decl: Any = d  # a c_ast.Decl (`shape`)
            out.append(StoredPrototype(decl.name, decl.coord, tuple(t), _dumps(decl)))
    return out


def _objects(node: object) -> list[object]:
    """The nodes, lists and coordinates of a tree (what pickling would share)."""
    out: list[object] = []
    stack = [node]
    while stack:
        o = stack.pop()
        if isinstance(o, (str, int, float, bool, bytes)) or o is None:
            continue
        out.append(o)
        if isinstance(o, (list, tuple)):
            stack.extend(o)
            continue
        for cls in type(o).__mro__:
            for slot in vars(cls).get("__slots__", ()):
                if slot != "__weakref__":
                    stack.append(getattr(o, slot, None))
        stack.extend(getattr(o, "__dict__", {}).values())
    return out


def parse_segmented(parser, text: str, filename: str, store: Store,
                    initial: dict[str, bool], markers: Markers | None = None) -> list[object]:
    """The external declarations of `text`, from stored segments where they match and
    pycparser (`parser`, a fresh `_Parser`) for the rest; the segments it parses go to
    `store` as soon as the parse reaches the main file. Raises what the parse raises.
    `markers`: the text's `line_markers`, if the caller has them."""
    from pycparser.c_parser import _TokenStream

    lay = layout(text, markers)
    assert lay is not None
    pos, prev, decls, names = load_chain(store, text, lay, fingerprint())
    table = _Names(initial)
    table.update(names)  # `update` is not recorded: these came from the cache
    lexer = parser.clex
    lexer.input(text, filename)
    lexer.seek(pos)
    parser._tokens = tokens = _TokenStream(lexer)
    parser._reset_scopes(table)
    recorder = Recorder(text, lay, pos, prev) if pos < lay.limit else None
    ext: list[object] = []
    buf = tokens._buffer
    parse_one: Callable[[], list[object]] = parser._parse_external_declaration
    while True:
        clean = (recorder is not None and len(buf) == tokens._index
                 and len(parser._scope_stack) == 1 and not lexer._queue
                 and lexer._pending_tok is None)
        before = lexer.offset()
        tok = parser._peek()
        if recorder is not None:
            after = lexer.offset() if tok is not None else len(text)
            if clean:
                recorder.cross(before, after, ext, table)
            if after >= lay.limit:  # in the main file: nothing more to share
                _flush(store, recorder)
                recorder = None
        if tok is None:
            break
        ext.extend(parse_one())
    if recorder is not None:
        _flush(store, recorder)
    return decls + ext


def _flush(store: Store, recorder: Recorder) -> None:
    for key, data in recorder.pending:
        store.save(key, data)
    recorder.pending.clear()
