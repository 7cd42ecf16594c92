"""The finder of atomc's own modules that the `atomc` command puts first on
`sys.meta_path` before it imports the compiler (issue 13: the per-process cost).

The import system finds a module through PathFinder and a FileFinder per folder
of its parent's `__path__`, in Python: per module a stat of the folder (to see
whether its listing is still valid), path joins, a stat of the file and
`spec_from_file_location`; and the compiled copy's libraries, top-level modules
(`atomc_ir__mypyc`, beside the package: compiled_copy.py), are looked for in every
folder of sys.path before the copy's, where they are. A compile finds ~130 modules;
this finder answers for atomc's from one listing of each folder made when first
asked (`os.listdir`, as FileFinder lists), so the folder is read once per process:
an empty -O0 -g compile 382M -> 375M instructions (callgrind, compiled copy).

It answers only what it finds for certain, in FileFinder's order: a package folder
with an `__init__` extension module or `.py`, else an extension module, else a
`.py` file. Anything else (a namespace package, a module only as `.pyc`, a name
not found) it leaves to the regular finders, which answer as they always did.
A compile's folders do not change while it runs; `invalidate_caches` forgets the
listings all the same.

The modules it loads are `AtomcModule`s: module objects whose attribute lookup is
the generic one, because a module's own lookup, when a name is missing, formats an
AttributeError twice (and asks the spec whether the module is initialising) for
the caller to throw away: the import system asks each module for `__file__`,
`__cached__` and `__path__` as it loads it, and every `from X import y` asks X for
`__path__`; 4,700 misses, 14.6M instructions of an empty -O0 -g compile
(callgrind, compiled copy). A missing name of an AtomcModule costs the generic
lookup's check, no exception: that compile 358M -> 348M instructions pure, 312M ->
308M compiled (whose modules import each other inside their library's init, as
plain modules, before the loader of the first sees them). What differs:
`type(module)` (a ModuleType subclass), the text of the AttributeError a missing
name raises, and no module `__getattr__` (PEP 562), which no atomc module defines
(a test keeps it so).
"""

from __future__ import annotations

import _imp
import marshal
import os
import sys
from importlib._bootstrap_external import MAGIC_NUMBER
from importlib.machinery import (
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    ExtensionFileLoader,
    ModuleSpec,
    SourceFileLoader,
)
from io import open_code
from types import CodeType, ModuleType

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

PACKAGE = "atomc"


class AtomcModule(ModuleType):
    """The module object of an atomc module: a ModuleType whose attribute lookup is
    `object.__getattribute__` (the interpreter then gives the type the generic
    lookup itself, which answers a missing name without making an exception when
    the caller only asks whether it is there)."""

    __slots__ = ()
    __getattribute__ = object.__getattribute__


class AtomcSourceLoader(SourceFileLoader):
    """SourceFileLoader making an AtomcModule: the module `module_from_spec` would
    make (`ModuleType(name)`), of the subclass."""

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        return AtomcModule(spec.name)


class AtomcExtensionLoader(ExtensionFileLoader):
    """ExtensionFileLoader whose module, a plain module object, becomes an
    AtomcModule (a ModuleType subclass of the same layout may be assigned)."""

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        module: ModuleType = super().create_module(spec)
        if type(module) is ModuleType:
            module.__class__ = AtomcModule
        return module


class CachedSourceLoader(AtomcSourceLoader):
    """SourceFileLoader for a module whose byte code the finder knows where to find
    (`cached`): it reads it there and checks it against the source's stat as
    SourceFileLoader does (a timestamp pyc of this interpreter's magic number for
    the source's mtime and size), without computing the path again and again
    through `cache_from_source`, and without the Python layers around the stat
    and the read: ~50k instructions a module (callgrind), for ~125 modules a
    compile. Anything else (no pyc, a stale or hash-based one) is left to
    SourceFileLoader's own `get_code`, which compiles (and writes) as always."""

    def __init__(self, fullname: str, path: str, cached: str) -> None:
        super().__init__(fullname, path)
        self.cached = cached

    def get_code(self, fullname: str) -> CodeType:
        if fullname == self.name:
            try:
                st = os.stat(self.path)
                with open_code(self.cached) as f:
                    data = f.read()
            except OSError:
                data = b""
            if (len(data) >= 16 and data[:4] == MAGIC_NUMBER and data[4:8] == b"\0\0\0\0"
                    and int.from_bytes(data[8:12], "little") == int(st.st_mtime) & 0xFFFFFFFF
                    and int.from_bytes(data[12:16], "little") == st.st_size & 0xFFFFFFFF):
                code = marshal.loads(memoryview(data)[16:])
                if isinstance(code, CodeType):
                    _imp._fix_co_filename(code, self.path)  # type: ignore[attr-defined]
                    return code
        code = super().get_code(fullname)
        assert code is not None  # a source loader's code or its exception
        return code


def _pyc_beside_source() -> bool:
    """Whether byte code is where it is by default, for CachedSourceLoader: no
    `pycache_prefix`, no -O."""
    return sys.pycache_prefix is None and not sys.flags.optimize and \
        sys.implementation.cache_tag is not None


_LOADERS: tuple[tuple[str, type[ExtensionFileLoader] | type[SourceFileLoader]], ...] = (
    *((s, AtomcExtensionLoader) for s in EXTENSION_SUFFIXES),
    *((s, AtomcSourceLoader) for s in SOURCE_SUFFIXES))


class AtomcFinder:
    """A meta path finder for the modules of the `atomc` package and, when the
    compiled copy runs, its libraries in the folder `libraries`."""

    __slots__ = ("libraries", "_listings", "_pyc_beside", "_pyc")

    def __init__(self, libraries: str | None = None) -> None:
        self.libraries = libraries
        self._listings: dict[str, frozenset[str]] = {}
        self._pyc_beside = _pyc_beside_source()
        self._pyc = f".{sys.implementation.cache_tag}.pyc"

    def _listing(self, folder: str) -> frozenset[str]:
        names = self._listings.get(folder)
        if names is None:
            try:
                names = frozenset(os.listdir(folder))
            except OSError:
                names = frozenset()
            self._listings[folder] = names
        return names

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: object = None) -> ModuleSpec | None:
        if path is None:
            if self.libraries is not None and fullname.startswith(PACKAGE + "_") \
                    and fullname.endswith("__mypyc"):
                return self._in_folder(fullname, fullname, self.libraries)
            return None
        if not fullname.startswith(PACKAGE + "."):
            return None
        tail = fullname.rpartition(".")[2]
        for folder in path:
            spec = self._in_folder(fullname, tail, folder)
            if spec is not None:
                return spec
        return None

    def _in_folder(self, fullname: str, tail: str, folder: str) -> ModuleSpec | None:
        names = self._listing(folder)
        if tail in names:
            base = os.path.join(folder, tail)
            inside = self._listing(base)
            for suffix, loader in _LOADERS:
                if "__init__" + suffix in inside:
                    return self._spec(fullname, loader, base, "__init__", suffix, [base])
        for suffix, loader in _LOADERS:
            if tail + suffix in names:
                return self._spec(fullname, loader, folder, tail, suffix, None)
        return None

    def _spec(self, fullname: str, loader: type[ExtensionFileLoader] | type[SourceFileLoader],
              folder: str, stem: str, suffix: str, locations: list[str] | None) -> ModuleSpec:
        """The spec FileFinder makes (`spec_from_file_location`) for `folder/stem+suffix`:
        `origin` is the module's `__file__`; `cached` is set here for a source module
        whose byte code is where cache_from_source puts it by default."""
        origin = os.path.join(folder, stem + suffix)
        cached = None
        if loader is AtomcSourceLoader and self._pyc_beside:
            cached = os.path.join(folder, "__pycache__", stem + self._pyc)
            made: ExtensionFileLoader | SourceFileLoader = CachedSourceLoader(
                fullname, origin, cached)
        else:
            made = loader(fullname, origin)
        spec = ModuleSpec(fullname, made, origin=origin)
        spec.has_location = True
        spec.submodule_search_locations = locations
        if cached is not None:
            spec.cached = cached
        return spec

    def invalidate_caches(self) -> None:
        self._listings.clear()


def install(libraries: str | None) -> AtomcFinder:
    """Put a finder first on sys.meta_path (once) and return it."""
    for finder in sys.meta_path:
        if isinstance(finder, AtomcFinder):
            finder.libraries = libraries
            return finder
    finder = AtomcFinder(libraries)
    sys.meta_path.insert(0, finder)
    return finder
