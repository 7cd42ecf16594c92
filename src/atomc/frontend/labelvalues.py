"""GNU labels as values (`&&label`, `goto *p`, static tables of label addresses),
lowered in the front end so the IR and back end need nothing new.

The "address" of a label is its index (1, 2, ...) among the address-taken labels
of its function, as a `void *` constant; every `goto *p` of a function stores
`(long)p` into a hidden local and jumps to one dispatch block, which switches on
it to the labels. The optimiser sees an ordinary switch (mem2reg turns the local
into a block parameter), so a threaded interpreter compiles like its `switch`
form. As GCC documents, such values are only meaningful for jumping within the
same function; comparing and storing them works, and a debugger shows the index
where GCC's build would show a code address. Sema numbers the labels (here) and
checks `goto *`; `lower/label_values.py` emits the stores and the dispatch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from . import tree as T
from .ctype import LONG, VOID, PointerT

if TYPE_CHECKING:
    from .scopes import Pos
    from .sema import Sema


class LabelValues:
    """The address-taken labels of the function being checked."""

    __slots__ = ("taken",)

    def __init__(self) -> None:
        self.taken: dict[str, tuple[int, Pos]] = {}  # label -> (index, first `&&label`)


def label_address(sema: Sema, node: c_ast.UnaryOp, p: Pos) -> T.Expr:
    """The value of `&&label`: a `void *` constant usable in static initialisers."""
    name = node.expr.name
    if sema.function is None:
        sema.error(p, f"label address '&&{name}' is not in a function")
        return sema.exprs.bad(p)
    taken = sema.label_values.taken
    index = taken.setdefault(name, (len(taken) + 1, p))[0]
    return T.Cast(T.IntConst(index, LONG, p), PointerT(VOID), p, True)
