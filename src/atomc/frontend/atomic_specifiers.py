"""pycparser's `_Atomic(T)` fix-up, with its search for such a specifier made
without an exception.

pycparser rewrites every declaration it builds (`fix_atomic_specifiers`): one
search down the declaration's `.type` chain for a type name qualified `_Atomic`,
repeated until none is left. The search ends at the chain's last node by reading
its missing `type` attribute and catching the AttributeError, so every
declaration raised and caught one exception (half a percent of a large file's
front end). `_fix_once` makes the same search with `getattr` and hands the rare
declaration that does hold such a specifier (or whose chain ends in None) to
pycparser's own step, which then finds it as before: the tree is the same.
"""

from __future__ import annotations

from typing import Any

from pycparser import ast_transforms, c_ast

_library_once = ast_transforms._fix_atomic_specifiers_once
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


def install() -> None:
    """Make pycparser's declaration builder search with `_fix_once` (idempotent)."""
    ast_transforms._fix_atomic_specifiers_once = _fix_once
