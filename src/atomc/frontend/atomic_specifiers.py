"""pycparser's `_Atomic(T)` fix-up, with its search for such a specifier made
without an exception, in one walk for a declaration without one.

pycparser rewrites every declaration it builds (`fix_atomic_specifiers`): one
search down the declaration's `.type` chain for a type name qualified `_Atomic`,
repeated until none is left. The search ends at the chain's last node by reading
its missing `type` attribute and catching the AttributeError, so every
declaration raised and caught one exception (half a percent of a large file's
front end). `_fix_once` makes the same search with `getattr` and hands the rare
declaration that does hold such a specifier (or whose chain ends in None) to
pycparser's own step, which then finds it as before: the tree is the same.

`fix` is the whole fix-up (`fix_atomic_specifiers`, which pycparser's declaration
builder calls): after the search finds nothing it walks the chain again to the
first TypeDecl to copy `_Atomic` up and give the TypeDecl its name; `fix` finds
that TypeDecl in the same walk as the search and hands every declaration that
holds an `_Atomic(...)` specifier (or a chain ending in None) to pycparser's.
"""

from __future__ import annotations

from typing import Any

from pycparser import ast_transforms, c_ast, c_parser

_library_once = ast_transforms._fix_atomic_specifiers_once
_library_fix = ast_transforms.fix_atomic_specifiers
_NO_TYPE = object()


def _fix_once(decl: Any) -> tuple[Any, bool]:
    """`_fix_atomic_specifiers_once(decl)`: (decl, whether it fixed one)."""
    node = decl.type
    while node is not None:
        if isinstance(node, c_ast.Typename) and "_Atomic" in node.quals:
            return _library_once(decl)
        node = getattr(node, "type", _NO_TYPE)
        if node is _NO_TYPE:
            return decl, False
    return _library_once(decl)


def fix(decl: Any) -> Any:
    """`fix_atomic_specifiers(decl)`, one walk down `decl`'s chain where it holds no
    `_Atomic(...)` specifier."""
    first = None  # the chain's first TypeDecl
    node = decl.type
    while node is not _NO_TYPE:
        if node is None or (isinstance(node, c_ast.Typename) and "_Atomic" in node.quals):
            return _library_fix(decl)
        if first is None and isinstance(node, c_ast.TypeDecl):
            first = node
        node = getattr(node, "type", _NO_TYPE)
    if first is None:
        return decl
    if "_Atomic" in first.quals and "_Atomic" not in decl.quals:
        decl.quals.append("_Atomic")
    if first.declname is None:
        first.declname = decl.name
    return decl


def install() -> None:
    """Make pycparser's declaration builder fix up with `fix` and search with
    `_fix_once` (idempotent)."""
    ast_transforms._fix_atomic_specifiers_once = _fix_once
    c_parser.fix_atomic_specifiers = fix
