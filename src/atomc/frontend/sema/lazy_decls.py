"""Header function prototypes are checked when the program first names them.

A small file includes hundreds of prototypes (stdio.h, stdlib.h, string.h) and
calls a few; resolving each prototype's type and attributes was a large share of
the checking of such files. A prototype is deferred only where checking it later
gives the same symbol as checking it in place: a plain function declarator from a
system header, first of its name, whose types name only typedefs and tags already
visible at file scope (file-scope typedefs and tags are never replaced, so later
they resolve to the same objects), with no array size but a constant, no asm label,
no `_Alignas`, and only attributes that act on the symbol itself (no alias, section
or other unit-wide record), under the default `#pragma pack` and `#pragma GCC
optimize` state. Any lookup of the name at file scope (a use, a redeclaration, the
end of the unit's directives) checks it first, with the file scope alone in view.
The parse cache keeps such prototypes pickled, with what the tree part of this test
found (`prototype_shape.py`): `defer_stored` decides from that, and the tree is
unpickled only when checked.

The program's own prototypes (zlib.h, lua.h, lstate.h: a hundred to three hundred
per file, most never called) may wait too, where checking them can report nothing:
a diagnostic then comes neither out of order (a prototype checked late) nor at all
(one never named), and what it would have said is the one thing that checking in
place gives and deferral cannot. `_Quiet` decides that from the declarator alone:
types built only of basic type names, visible typedef names and visible tags of
their kind, with pointers, qualifiers other than `_Atomic` and parameter lists, no
array declarators (their sizes and element types have checks), a type held by
value (a parameter or the result) only of a kind no check rejects and complete
now (an incomplete struct completed later would be checked differently), and only
attributes that report nothing (`visibility` with one of its four words).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast
from pycparserext import ext_c_parser as ext

from ..attributes import VISIBILITIES, attribute_nodes
from ..ctype import (
    CType,
    EnumT,
    FloatT,
    IntT,
    PointerT,
    RecordKind,
    StructT,
    VoidT,
    contains_unsupported_float,
    unqual,
)
from ..scopes import SymKind
from .common import BASIC_TYPES

if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import ModuleType

    from ..prototype_shape import StoredPrototype
    from .core import Sema

# `visibility("...")` arguments that are valid (any other is an error)
_VISIBILITY_ARGS = frozenset(f'"{v}"' for v in VISIBILITIES)
# the kinds of type a parameter or result may have by value without any check
# reporting on it (a complete struct too, `_Quiet.by_value`)
_BY_VALUE = (IntT, FloatT, VoidT, PointerT, EnumT)
_TYPE_DECLS = (c_ast.TypeDecl, ext.TypeDeclExt)
_FUNC_DECLS = (c_ast.FuncDecl, ext.FuncDeclExt)
_shape_module: ModuleType | None = None


def _shape() -> ModuleType:
    """`prototype_shape`, imported on the first declaration (a file without one never
    needs it) and then read from here: an import statement in `defer` cost ~3 us a
    call, once per prototype of the unit."""
    global _shape_module
    if _shape_module is None:
        from .. import prototype_shape

        _shape_module = prototype_shape
    return _shape_module


class LazyPrototypes:
    """The deferred prototypes by name; `Scopes` asks `force` on a file-scope miss."""

    __slots__ = ("sema", "deferred", "checked")

    def __init__(self, sema: Sema) -> None:
        self.sema = sema
        # the declarations, or the parse cache's pickled ones (prototype_shape.py)
        self.deferred: dict[str, c_ast.Decl | StoredPrototype] = {}
        self.checked = 0  # prototypes checked when named (a work counter for tests)

    def defer(self, decl: c_ast.Decl) -> bool:
        """Keep `decl` for later if checking it later cannot differ; True if kept."""
        shape = _shape()
        sema = self.sema
        name = decl.name
        if not shape.declarator_ok(decl) or not self._state_allows(name):
            return False
        if not sema.is_system(sema.pos(decl)):
            if not _Quiet(sema).prototype(decl):
                return False
        else:
            tags = shape.system_tags(decl)
            if tags is None or not self._visible(tags):
                return False
        self.deferred[name] = decl
        sema.scopes.lazy = self
        return True

    def defer_stored(self, stored: StoredPrototype) -> bool:
        """`defer` of a system header's prototype the parse cache kept pickled
        (its `shape` allowed deferral), from what it recorded: True if kept. Else
        the caller unpickles it and asks `defer`, whose answer is then False for a
        system header's, as this one's."""
        sema = self.sema
        if not (self._state_allows(stored.name) and sema.is_system(sema.pos(stored))
                and self._visible(stored.tags)):
            return False
        self.deferred[stored.name] = stored
        sema.scopes.lazy = self
        return True

    def _state_allows(self, name: str) -> bool:
        """`defer`'s test of the checker's state where a prototype of `name` stands."""
        sema = self.sema
        if (sema.pack is not None or sema.optimize_pragmas.words
                or sema.optimize_pragmas.stack or sema.quiet or sema.function is not None
                or name in self.deferred):
            return False
        scopes = sema.scopes
        return scopes.at_file_scope and scopes.lookup_current(name) is None

    def _visible(self, tags: Sequence[str]) -> bool:
        lookup_tag = self.sema.scopes.lookup_tag
        return all(lookup_tag(tag) is not None for tag in tags)

    def force(self, name: str) -> None:
        """Check `name`'s deferred prototype now, as at the file scope where it stood."""
        decl = self.deferred.pop(name)
        if type(decl) is not c_ast.Decl:  # kept pickled by the parse cache
            decl = decl.load()
        sema = self.sema
        scopes = sema.scopes
        levels, function, quiet = scopes.levels, sema.function, sema.quiet
        scopes.levels = levels[:1]
        sema.function, sema.quiet = None, 0
        try:
            sema.decls.declare_file_scope(decl)
        finally:
            scopes.levels, sema.function, sema.quiet = levels, function, quiet
        self.checked += 1


class _Quiet:
    """Can checking a program prototype (outside system headers, where every check
    reports) report nothing, now or later? Read from its declarator, conservatively:
    False for anything this does not know to be silent."""

    __slots__ = ("sema", "type_names", "param_names")

    def __init__(self, sema: Sema) -> None:
        self.sema = sema
        self.type_names: list[str] = []  # typedef names the types read
        self.param_names: list[str] = []  # which a parameter's name would hide

    def prototype(self, decl: c_ast.Decl) -> bool:
        shape = _shape()
        storage = decl.storage
        if storage and len([s for s in storage if s != "__extension__"]) > 1:
            return False  # two storage classes: an error
        for a in attribute_nodes(decl):
            word = shape.attribute_word(a)
            if word == "visibility":
                args = getattr(a, "args", None)
                exprs: list[c_ast.Node] = getattr(args, "exprs", None) or []
                if not (len(exprs) == 1 and type(exprs[0]) is c_ast.Constant
                        and exprs[0].value in _VISIBILITY_ARGS):
                    return False
            elif word not in shape.SYMBOL_ONLY:
                return False
        if not self.function(decl.type):
            return False
        # a parameter named like a typedef a later parameter's type reads hides it
        return not (self.param_names and set(self.param_names).intersection(self.type_names))

    def function(self, node: c_ast.Node) -> bool:
        """A function declarator: its result by value, its parameters."""
        ret = node.type
        if type(ret) not in _TYPE_DECLS and type(ret) is not c_ast.PtrDecl:
            return False  # a function returning a function or an array
        if not self.declarator(ret, True):
            return False
        args = node.args
        if args is None:
            return True
        if type(args) is not c_ast.ParamList:
            return False
        for p in args.params:
            if type(p) is c_ast.EllipsisParam:
                continue
            if type(p) is c_ast.Decl:
                if (p.storage or p.funcspec or p.init is not None or p.bitsize is not None
                        or getattr(p, "align", None) or attribute_nodes(p)):
                    return False
                if p.name:
                    self.param_names.append(p.name)
            elif type(p) is not c_ast.Typename or attribute_nodes(p):
                return False
            if not self.declarator(p.type, True):
                return False
        return True

    def declarator(self, node: c_ast.Node, by_value: bool) -> bool:
        """A type read as a value (`by_value`) or behind a pointer."""
        kind = type(node)
        if kind is c_ast.PtrDecl:
            return (not node.quals or "_Atomic" not in node.quals) and \
                self.declarator(node.type, False)
        if kind in _FUNC_DECLS:
            return self.function(node)  # a parameter's function type becomes a pointer
        if kind not in _TYPE_DECLS or (node.quals and "_Atomic" in node.quals):
            return False
        spec = node.type
        kind = type(spec)
        if kind is c_ast.IdentifierType:
            t = self.named(spec.names)
        elif kind is c_ast.Enum:
            t = self.sema.scopes.lookup_tag(spec.name) \
                if spec.name and spec.values is None else None
            if not isinstance(t, EnumT):
                return False
        else:
            record = RecordKind.UNION if isinstance(spec, c_ast.Union) else \
                RecordKind.STRUCT if isinstance(spec, c_ast.Struct) else None
            if record is None or not spec.name or spec.decls is not None:
                return False
            t = self.sema.scopes.lookup_tag(spec.name)
            if not (isinstance(t, StructT) and t.kind is record):
                return False
        if t is None:
            return False
        return not by_value or self.by_value(t)

    def named(self, names: list[str]) -> CType | None:
        """The type of a specifier's words, where they name one without a report."""
        if "__extension__" in names:
            names = [n for n in names if n != "__extension__"]
        if len(names) == 1:
            t = BASIC_TYPES.get((names[0],))
            if t is not None:  # (specifier_type checks the others: pending types)
                return t if isinstance(t, (IntT, FloatT, VoidT)) else None
            sym = self.sema.scopes.lookup(names[0])
            if sym is None or sym.kind is not SymKind.TYPEDEF:
                return None  # `__builtin_va_list` too
            self.type_names.append(names[0])
            return sym.type
        if "_Complex" in names or "__complex__" in names:
            return None
        t = BASIC_TYPES.get(tuple(sorted(names)))
        return t if isinstance(t, (IntT, FloatT)) else None

    @staticmethod
    def by_value(t: CType) -> bool:
        u = unqual(t)
        if isinstance(u, StructT):
            if not u.complete:
                return False
        elif not isinstance(u, _BY_VALUE):
            return False
        return not contains_unsupported_float(u)
