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
"""

from __future__ import annotations

import os
from importlib.machinery import (
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    ExtensionFileLoader,
    ModuleSpec,
    SourceFileLoader,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

PACKAGE = "atomc"
_LOADERS: tuple[tuple[str, type[ExtensionFileLoader] | type[SourceFileLoader]], ...] = (
    *((s, ExtensionFileLoader) for s in EXTENSION_SUFFIXES),
    *((s, SourceFileLoader) for s in SOURCE_SUFFIXES))


class AtomcFinder:
    """A meta path finder for the modules of the `atomc` package and, when the
    compiled copy runs, its libraries in the folder `libraries`."""

    __slots__ = ("libraries", "_listings")

    def __init__(self, libraries: str | None = None) -> None:
        self.libraries = libraries
        self._listings: dict[str, frozenset[str]] = {}

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
                    origin = os.path.join(base, "__init__" + suffix)
                    return _spec(fullname, loader(fullname, origin), origin, [base])
        for suffix, loader in _LOADERS:
            if tail + suffix in names:
                origin = os.path.join(folder, tail + suffix)
                return _spec(fullname, loader(fullname, origin), origin, None)
        return None

    def invalidate_caches(self) -> None:
        self._listings.clear()


def _spec(fullname: str, loader: ExtensionFileLoader | SourceFileLoader, origin: str,
          locations: list[str] | None) -> ModuleSpec:
    """The spec FileFinder makes (`spec_from_file_location`): `origin` is the
    module's `__file__`, and `cached` follows from it."""
    spec = ModuleSpec(fullname, loader, origin=origin)
    spec.has_location = True
    spec.submodule_search_locations = locations
    return spec


def install(libraries: str | None) -> AtomcFinder:
    """Put a finder first on sys.meta_path (once) and return it."""
    import sys

    for finder in sys.meta_path:
        if isinstance(finder, AtomcFinder):
            finder.libraries = libraries
            return finder
    finder = AtomcFinder(libraries)
    sys.meta_path.insert(0, finder)
    return finder
