"""The expressions statements need: conditions and return values."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from .. import tree as T
from ..complex_sema import truth as complex_truth
from ..ctype import (
    is_scalar,
    is_void,
)
from ..scopes import Pos

if TYPE_CHECKING:
    from .core import Sema


class StatementChecker:
    """The expressions statements need: conditions and return values."""

    __slots__ = ("sema",)

    def __init__(self, sema: Sema) -> None:
        self.sema = sema

    def condition(self, node: c_ast.Node) -> T.Expr:
        e = self.sema.conv.value(self.sema.exprs.expr(node))
        if not is_scalar(e.type):
            self.sema.error(e.pos, f"statement requires expression of scalar type ('{e.type}' "
                              "invalid)")
            return self.sema.exprs.bad(e.pos)
        return complex_truth(self.sema, e)

    def return_value(self, node: c_ast.Node | None, p: Pos) -> T.Expr | None:
        fname = self.sema.function.name if self.sema.function else "?"
        ret = self.sema.function_ret
        if node is None:
            if not is_void(ret):
                self.sema.error(p, f"non-void function '{fname}' should return a value (return "
                              "without value)")
            return None
        e = self.sema.exprs.expr(node)
        if is_void(ret):
            if not is_void(e.type):
                self.sema.error(e.pos, f"void function '{fname}' should not return a value")
                return None
            return e  # `return f();` with a void f: evaluated for its effects
        return self.sema.conv.assign_convert(e, ret, "returning", e.pos)
