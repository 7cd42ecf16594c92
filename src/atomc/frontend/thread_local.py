"""The thread-local storage class (C11 `_Thread_local`, GNU `__thread`).

It combines with `static` or `extern` (or none, at file scope), so it is kept
apart from the other storage classes: `sema.storage_of` ignores it and the
declaration code asks `thread_spelling` instead. A thread-local object's
symbol carries the IR attribute `THREAD_LOCAL`, which reaches its `Global`;
the back end picks the TLS access model. The errors are gcc's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from ..ir.function import THREAD_LOCAL
from .scopes import StorageClass, SymKind

if TYPE_CHECKING:
    from .scopes import Pos, Symbol
    from .sema import Sema

SPELLINGS = frozenset({"_Thread_local", "__thread"})


def thread_spelling(decl: c_ast.Node) -> str | None:
    """`__thread` or `_Thread_local` when the declaration has it, else None."""
    for s in getattr(decl, "storage", None) or []:
        if s in SPELLINGS:
            return s
    return None


def thread_local_decl(sema: Sema, decl: c_ast.Node, storage: StorageClass, kind: SymKind, pos: Pos,
                      file_scope: bool) -> bool:
    """Does this declaration declare a thread-local object? Reports gcc's error
    where the storage class is not allowed (`typedef`: see `sema.storage_of`)."""
    spelling = thread_spelling(decl)
    if spelling is None or storage is StorageClass.TYPEDEF:
        return False
    name = decl.name
    if kind is SymKind.FUNC:
        sema.error(pos, f"invalid storage class for function '{name}'")
    elif not file_scope and storage not in (StorageClass.STATIC, StorageClass.EXTERN):
        sema.error(pos, f"function-scope '{name}' implicitly auto and declared '{spelling}'")
    else:
        return True
    return False


def check_redeclaration(sema: Sema, prev: Symbol, thread_local: bool, pos: Pos) -> None:
    """All declarations of an object agree on thread-locality."""
    was = THREAD_LOCAL in prev.attrs
    if was and not thread_local:
        sema.error(pos, f"non-thread-local declaration of '{prev.name}' follows thread-local "
                        "declaration")
    elif thread_local and not was:
        sema.error(pos, f"thread-local declaration of '{prev.name}' follows non-thread-local "
                        "declaration")
