"""Old-style (K&R) function definitions: `int f(a, b) char a; int *b; { ... }`.

Such a definition gives its function no prototype: callers that see no
prototype pass default-promoted arguments (char/short -> int, float ->
double), so the function receives the promoted types and converts them to
the declared ones on entry. When an earlier prototype is in scope, the
prototype's parameter types are the ones passed instead (as gcc does).
Debug information describes the parameters with their declared types.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pycparser import c_ast

from .ctype import DOUBLE, FLOAT, INT, CType, FloatT, as_int, promote, unqual
from .scopes import Pos

if TYPE_CHECKING:
    from .sema import Sema


@dataclass(frozen=True, slots=True)
class KnrParam:
    """One parameter of an old-style definition, in identifier-list order."""

    name: str
    type: CType  # declared type, after array/function adjustment
    pos: Pos  # its declaration in the list, or the function's name when undeclared


def is_knr(fd: c_ast.FuncDef) -> bool:
    """Whether `fd` is an old-style definition (identifier list or declaration list)."""
    if fd.param_decls:
        return True
    args = getattr(fd.decl.type, "args", None)
    return args is not None and any(isinstance(p, c_ast.ID) for p in args.params)


def knr_params(sema: Sema, fd: c_ast.FuncDef, fpos: Pos) -> list[KnrParam]:
    """The parameters of an old-style definition; undeclared ones are int."""
    args = getattr(fd.decl.type, "args", None)
    names: list[tuple[str, Pos]] = []
    for p in (args.params if args is not None else []):
        if not isinstance(p, c_ast.ID):
            sema.error(sema.pos(p, fpos), "mixing prototyped and old-style (K&R) parameters "
                                          "(expected identifier)")
            continue
        if any(n == p.name for n, _ in names):
            sema.error(sema.pos(p, fpos), f"redefinition of parameter '{p.name}'")
            continue
        names.append((p.name, sema.pos(p, fpos)))
    declared: dict[str, tuple[CType, Pos]] = {}
    for d in fd.param_decls or []:
        dpos = sema.pos(d, fpos)
        if not isinstance(d, c_ast.Decl) or d.name is None:
            sema.error(dpos, "declaration does not declare a parameter")
            continue
        storage = [s for s in (d.storage or []) if s != "register"]
        if storage:
            sema.error(dpos, f"invalid storage class '{storage[0]}' for parameter '{d.name}'")
        if d.init is not None:
            sema.error(dpos, f"parameter '{d.name}' is initialized")
        if not any(n == d.name for n, _ in names):
            sema.error(dpos, f"declaration for parameter '{d.name}' but no such parameter")
            continue
        if d.name in declared:
            sema.error(dpos, f"redefinition of parameter '{d.name}'")
            continue
        declared[d.name] = (sema.types.adjust_param(sema.types.resolve_type(d.type, dpos)), dpos)
    return [KnrParam(n, *declared.get(n, (INT, fpos))) for n, _ in names]


def promoted(t: CType) -> CType:
    """The type a caller without a prototype passes for a parameter declared `t`."""
    i = as_int(t)
    if i is not None:
        return promote(i)
    u = unqual(t)
    if isinstance(u, FloatT) and u == FLOAT:
        return DOUBLE
    return t
