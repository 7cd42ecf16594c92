"""C11 `_Generic` selection: the parser node, its parsing (pycparser has no rule
for it) and its meaning (the one association whose type matches the type of
the controlling expression after lvalue conversion; that expression is not
evaluated, and neither are the other associations).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pycparser import c_ast

from . import tree as T
from .ctype import ArrayT, FuncT, PointerT, VlaT, compatible, is_const, is_volatile, unqual

if TYPE_CHECKING:
    from .sema import Sema


class GenericSelection(c_ast.Node):
    """`_Generic(expr, type-name: expr, ..., default: expr)`; a None type is `default`."""

    __slots__ = ("expr", "assocs", "coord", "__weakref__")
    attr_names = ()

    def __init__(self, expr: c_ast.Node, assocs: list[tuple[c_ast.Node | None, c_ast.Node]],
                 coord: object = None) -> None:
        self.expr = expr
        self.assocs = assocs
        self.coord = coord

    def children(self):
        out: list[tuple[str, c_ast.Node]] = [("expr", self.expr)]
        for i, (t, e) in enumerate(self.assocs):
            if t is not None:
                out.append((f"type[{i}]", t))
            out.append((f"value[{i}]", e))
        return tuple(out)

    def __iter__(self):
        for _, child in self.children():
            yield child


def parse_generic(parser: Any) -> GenericSelection:
    """Parse `_Generic ( assignment-expression , generic-assoc-list )` from the
    recursive-descent pycparser `parser`; the `_Generic` token is next."""
    tok = parser._advance()
    coord = parser._tok_coord(tok)
    parser._expect("LPAREN")
    ctrl = parser._parse_assignment_expression()
    assocs: list[tuple[c_ast.Node | None, c_ast.Node]] = []
    while parser._accept("COMMA"):
        if parser._peek_type() == "DEFAULT":
            parser._advance()
            t = None
        else:
            t = parser._parse_type_name()
        parser._expect("COLON")
        assocs.append((t, parser._parse_assignment_expression()))
    parser._expect("RPAREN")
    return GenericSelection(ctrl, assocs, coord)


def generic_expr(sema: Sema, node: GenericSelection) -> T.Expr:
    p = sema.pos(node)
    ctrl = sema.conv.rvalue(sema.exprs.expr(node.expr))  # lvalue conversion: decay, drop qualifiers
    ct = unqual(ctrl.type)
    chosen: c_ast.Node | None = None
    default: c_ast.Node | None = None
    seen: list[Any] = []
    for t, e in node.assocs:
        if t is None:
            if default is not None:
                sema.error(p, "duplicate default generic association")
            default = e
            continue
        at = sema.types.resolve_type(t, p)
        if isinstance(unqual(at), (FuncT, VlaT)) or (isinstance(ua := unqual(at), ArrayT)
                                                     and ua.count is None):
            sema.error(p, f"type '{at}' in generic association is not a complete object type")
            continue
        if any(_matches(at, s) for s in seen):
            sema.error(p, f"type '{at}' in generic association compatible with a previously "
                          "specified type")
        seen.append(at)
        if chosen is None and _matches(at, ct):
            chosen = e
    if chosen is None:
        chosen = default
    if chosen is None:
        sema.error(p, f"controlling expression type '{ct}' not compatible with any generic "
                      "association type")
        return sema.exprs.bad(p)
    return sema.exprs.expr(chosen)


def _matches(assoc: Any, ctrl: Any) -> bool:
    """The controlling type (never qualified) against an association's type."""
    if assoc != unqual(assoc):
        return False  # a qualified association type never matches an rvalue's type
    return same_type(assoc, ctrl)


def same_type(a: Any, b: Any) -> bool:
    """Compatible types ignoring top-level qualifiers, where the qualifiers of
    pointed-to types count (`const int *` is not `int *`)."""
    a, b = unqual(a), unqual(b)
    if isinstance(a, PointerT) and isinstance(b, PointerT):
        pa, pb = a.pointee, b.pointee
        if (is_const(pa), is_volatile(pa)) != (is_const(pb), is_volatile(pb)):
            return False
        return same_type(pa, pb)
    return compatible(a, b)
