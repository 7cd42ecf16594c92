"""Symbols and block scopes: ordinary identifiers and struct/union/enum tags
live in separate name spaces, each a stack of dictionaries."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

import atomc.fastenum as fastenum

from .ctype import CType
from .frozen import slot_writers


@dataclass(frozen=True, slots=True)
class Pos:
    """A source position (file, 1-based line and column)."""

    file: str
    line: int
    column: int


_new = object.__new__
_set_file, _set_line, _set_column = slot_writers(Pos, ("file", "line", "column"))
# compiled by mypyc (scripts/build_compiled.py), Pos is a native class: its own
# constructor is the direct one there, and object.__new__ refuses to make it
_NATIVE = hasattr(Pos, "__mypyc_attrs__")


def new_pos(file: str, line: int, column: int) -> Pos:
    """`Pos(file, line, column)` for the checker's hot path (Sema.pos): the slots
    written directly (frozen.py), the same value."""
    if _NATIVE:
        # compiled, Pos's `__init__` is written into the class for mypyc to compile
        # (tools/dcinit.py), so the constructor is the direct way; `Pos.__new__(Pos)`
        # would run that `__init__` without arguments
        return Pos(file, line, column)
    p: Pos = _new(Pos)
    _set_file(p, file)
    _set_line(p, line)
    _set_column(p, column)
    return p


class SymKind(fastenum.Enum):
    """What an ordinary identifier names."""

    VAR = enum.auto()
    FUNC = enum.auto()
    TYPEDEF = enum.auto()
    ENUMCONST = enum.auto()


class StorageClass(fastenum.Enum):
    """A declaration's storage-class specifier (C11 6.7.1, without `_Thread_local`,
    which `thread_local` keeps apart); the value is the keyword, for diagnostics."""

    NONE = ""
    AUTO = "auto"
    REGISTER = "register"
    STATIC = "static"
    EXTERN = "extern"
    TYPEDEF = "typedef"
    PARAM = "param"  # a function parameter: no specifier of its own to keep


@dataclass(eq=False, slots=True)
class Symbol:
    name: str
    type: CType
    kind: SymKind
    storage: StorageClass
    pos: Pos
    static_storage: bool = False  # file scope, `static` local or `extern` local
    file_scope: bool = False
    value: int = 0  # enumeration constant value
    link_name: str = ""  # assembler symbol for objects with static storage
    defined: bool = False  # function body seen / object definition with initializer
    init: Any = None  # pycparser initializer node of a file-scope object
    system: bool = False  # declared in a system header
    used: bool = False
    param_index: int = 0  # 1-based for parameters
    align: int = 0  # GNU `aligned(N)` / `_Alignas`; 0 when the type's alignment applies
    attrs: set[str] = field(default_factory=set)  # function attributes: noinline, noreturn, ...
    ir: Any = None  # alloca, Global or Function (set by irgen)
    di: Any = None  # DILocalVariable / DIGlobalVariable (set by irgen)

    # written out, not left to dataclasses: compiled, the generated `__init__` is
    # Python code (~5,500 instructions a symbol); this one mypyc compiles. The same
    # parameters and defaults as the fields (tests/frontend/test_symbol_init.py)
    def __init__(self, name: str, type: CType, kind: SymKind, storage: StorageClass,
                 pos: Pos, static_storage: bool = False, file_scope: bool = False,
                 value: int = 0, link_name: str = "", defined: bool = False,
                 init: Any = None, system: bool = False, used: bool = False,
                 param_index: int = 0, align: int = 0, attrs: set[str] | None = None,
                 ir: Any = None, di: Any = None) -> None:
        self.name = name
        self.type = type
        self.kind = kind
        self.storage = storage
        self.pos = pos
        self.static_storage = static_storage
        self.file_scope = file_scope
        self.value = value
        self.link_name = link_name
        self.defined = defined
        self.init = init
        self.system = system
        self.used = used
        self.param_index = param_index
        self.align = align
        self.attrs = set() if attrs is None else attrs
        self.ir = ir
        self.di = di


class _Level:
    """One scope's ordinary names and tags (a block, a prototype, the file)."""

    __slots__ = ("names", "tags")

    def __init__(self) -> None:
        self.names: dict[str, Symbol] = {}
        self.tags: dict[str, CType] = {}


class Scopes:
    __slots__ = ("levels", "lazy")

    def __init__(self) -> None:
        self.levels: list[_Level] = [_Level()]
        # file-scope names declared but not yet checked (sema/lazy_decls.py): a
        # file-scope miss asks it, so a deferred name is checked where first named
        self.lazy: Any = None

    def _deferred(self, name: str) -> Symbol | None:
        lazy = self.lazy
        if lazy is None or name not in lazy.deferred:
            return None
        lazy.force(name)
        return self.levels[0].names.get(name)

    @property
    def at_file_scope(self) -> bool:
        return len(self.levels) == 1

    def push(self) -> None:
        self.levels.append(_Level())

    def pop(self) -> None:
        self.levels.pop()

    # The ordinary names and the tags are two name spaces searched alike (C11 6.2.3),
    # innermost scope first. Plain loops: a name is looked up for every identifier
    # checked, and generator expressions cost several times the search.
    def lookup(self, name: str) -> Symbol | None:
        for lvl in reversed(self.levels):
            sym = lvl.names.get(name)
            if sym is not None:
                return sym
        return self._deferred(name)

    def lookup_current(self, name: str) -> Symbol | None:
        sym = self.levels[-1].names.get(name)
        if sym is None and len(self.levels) == 1:
            return self._deferred(name)
        return sym

    def lookup_file(self, name: str) -> Symbol | None:
        sym = self.levels[0].names.get(name)
        return sym if sym is not None else self._deferred(name)

    def define(self, sym: Symbol) -> None:
        if len(self.levels) == 1:
            self._deferred(sym.name)  # its earlier declaration first, as in the source
        self.levels[-1].names[sym.name] = sym

    def lookup_tag(self, tag: str) -> CType | None:
        for lvl in reversed(self.levels):
            t = lvl.tags.get(tag)
            if t is not None:
                return t
        return None

    def lookup_tag_current(self, tag: str) -> CType | None:
        return self.levels[-1].tags.get(tag)

    def define_tag(self, tag: str, t: CType) -> None:
        self.levels[-1].tags[tag] = t
