"""System-header function prototypes are checked when the program first names them.

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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast
from pycparserext import ext_c_parser as ext

from ..attributes import attribute_name, attribute_nodes

if TYPE_CHECKING:
    from .core import Sema

# attributes recorded on the symbol alone (sym.attrs, its call checks)
_SYMBOL_ONLY = frozenset({
    "nothrow", "leaf", "nonnull", "pure", "const", "malloc", "warn_unused_result",
    "format", "format_arg", "deprecated", "access", "returns_twice", "noreturn", "cold",
    "sentinel", "returns_nonnull", "unavailable", "fd_arg", "fd_arg_read", "fd_arg_write",
})
# declarator nodes whose meaning later is their meaning now (given the checks below)
_PLAIN = (c_ast.TypeDecl, c_ast.PtrDecl, c_ast.FuncDecl, c_ast.ParamList, c_ast.Decl,
          c_ast.Typename, c_ast.IdentifierType, c_ast.EllipsisParam, c_ast.ArrayDecl,
          c_ast.Constant, c_ast.ID, ext.FuncDeclExt, ext.TypeDeclExt, ext.ArrayDeclExt)
_TAGGED = (c_ast.Struct, c_ast.Union, c_ast.Enum)
_PROTOTYPES = frozenset({c_ast.FuncDecl, ext.FuncDeclExt})
_STORAGE = frozenset({"extern", "__extension__"})
_SPECIFIER = ext.AttributeSpecifier
# the children `_plain` walks in the commonest of those classes: what their
# `children()` names, less attributes and asm labels (which `defer` checked)
_WALKED: dict[type, tuple[str, ...]] = {
    c_ast.Decl: ("type", "init", "bitsize"),
    c_ast.TypeDecl: ("type",), ext.TypeDeclExt: ("type",),
    c_ast.PtrDecl: ("type",),
    c_ast.FuncDecl: ("args", "type"), ext.FuncDeclExt: ("args", "type"),
    c_ast.Typename: ("type",),
    c_ast.ArrayDecl: ("type", "dim"), ext.ArrayDeclExt: ("type", "dim"),
    c_ast.IdentifierType: (), c_ast.EllipsisParam: (), c_ast.Constant: (), c_ast.ID: (),
}
_SIZED = frozenset({c_ast.ArrayDecl, ext.ArrayDeclExt})


def _attribute_word(node: c_ast.Node) -> str | None:
    """`attribute_name` without the argument list it builds."""
    if type(node) is c_ast.FuncCall:
        name = node.name
        return name.name.strip("_") if isinstance(name, c_ast.ID) else None
    if type(node) is c_ast.ID:
        return node.name.strip("_")
    return attribute_name(node)


class LazyPrototypes:
    """The deferred prototypes by name; `Scopes` asks `force` on a file-scope miss."""

    __slots__ = ("sema", "deferred", "checked")

    def __init__(self, sema: Sema) -> None:
        self.sema = sema
        self.deferred: dict[str, c_ast.Decl] = {}
        self.checked = 0  # prototypes checked when named (a work counter for tests)

    def defer(self, decl: c_ast.Decl) -> bool:
        """Keep `decl` for later if checking it later cannot differ; True if kept."""
        sema = self.sema
        name = decl.name
        storage = decl.storage
        funcspec = decl.funcspec
        if (not name or decl.init is not None or decl.bitsize is not None
                or type(decl.type) not in _PROTOTYPES
                or (storage and not _STORAGE.issuperset(storage))
                or (funcspec and not all(type(f) is _SPECIFIER for f in funcspec))
                or getattr(decl, "align", None) or getattr(decl.type, "asm", None) is not None
                or sema.pack is not None or sema.optimize_pragmas.words
                or sema.optimize_pragmas.stack or sema.quiet or sema.function is not None
                or name in self.deferred or not sema.is_system(sema.pos(decl))):
            return False
        scopes = sema.scopes
        if not scopes.at_file_scope or scopes.lookup_current(name) is not None:
            return False
        for a in attribute_nodes(decl):
            if _attribute_word(a) not in _SYMBOL_ONLY:
                return False
        if not self._plain(decl.type):
            return False
        self.deferred[name] = decl
        scopes.lazy = self
        return True

    def _plain(self, node: c_ast.Node) -> bool:
        """Does `node` (a prototype's declarator, walked whole) name only what
        `defer` allows? The common classes are walked through their children by
        name (`_WALKED`), without building each node's `children()` tuple."""
        walked = _WALKED.get(type(node))
        if walked is None:
            return self._plain_node(node)
        if type(node) in _SIZED:
            dim = node.dim
            if not (dim is None or isinstance(dim, c_ast.Constant)):
                return False
        for child_name in walked:
            child = getattr(node, child_name)
            if child is not None and not self._plain(child):
                return False
        return True

    def _plain_node(self, node: c_ast.Node) -> bool:
        """`_plain` for the classes `_WALKED` does not list (tags, parameter lists,
        subclasses), through `children()`."""
        if isinstance(node, _TAGGED):
            return (node.name is not None and getattr(node, "decls", None) is None
                    and getattr(node, "values", None) is None
                    and self.sema.scopes.lookup_tag(node.name) is not None)
        if type(node) is c_ast.ParamList:
            for param in node.params:
                if not self._plain(param):
                    return False
            return True
        if not isinstance(node, _PLAIN):
            return False
        if isinstance(node, c_ast.ArrayDecl) and not (
                node.dim is None or isinstance(node.dim, c_ast.Constant)):
            return False
        if isinstance(node, c_ast.ID):
            return True  # a K&R parameter name
        for child_name, child in node.children():
            if child_name.startswith(("attributes", "asm")):
                continue
            if not self._plain(child):
                return False
        return True

    def force(self, name: str) -> None:
        """Check `name`'s deferred prototype now, as at the file scope where it stood."""
        decl = self.deferred.pop(name)
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
