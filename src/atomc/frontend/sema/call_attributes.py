"""gcc's "call to 'f' declared with attribute warning/error: msg".

gcc reports these when it generates code for the call, so a call it folds away is
not reported. The checked tree of a function is what the lowering emits, so the
calls it holds are walked in the order the lowering reaches them (arguments right
to left, as they are evaluated), leaving out the arms of an `if` that a constant
condition never takes (`tree.If`'s dead arms) and the bodies typed on trial. A
call inside an inlined body is reported at the outermost inlined call.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...diag import SourceSpan
from .. import tree as T
from ..gnu_inline import InlineCall
from ..scopes import Pos

if TYPE_CHECKING:
    from .core import Sema

_NODES = (T.Expr, T.Stmt, T.Init, T.InitItem, T.Cleanup, T.AsmOperand)


def report_call_attributes(sema: Sema, body: T.Stmt) -> None:
    if not sema.call_diagnostics:
        return
    for call, at in _calls(body, None, set()):
        _report(sema, call, at)


def _report(sema: Sema, e: T.Call, at: Pos) -> None:
    callee = e.callee
    if not isinstance(callee, T.Decay) or not isinstance(callee.operand, T.VarRef):
        return
    name = callee.operand.sym.name
    found = sema.call_diagnostics.get(name)
    if found is None:
        return
    kind, msg = found
    span = SourceSpan(at.file, at.line, at.column)
    text = f"call to '{name}' declared with attribute {kind}: {msg}"
    if kind == "error":
        sema.diags.error(span, text)
    else:
        sema.diags.warning(span, text)


def _calls(node: object, inlined_at: Pos | None, seen: set[int]
           ) -> Iterator[tuple[T.Call, Pos]]:
    """The non-builtin calls under `node` the lowering emits, with where each is
    reported (`inlined_at`: the outermost inlined call around it)."""
    match node:
        case T.Reuse():
            if id(node.operand) in seen:  # evaluated once, where it first appears
                return
            seen.add(id(node.operand))
            yield from _calls(node.operand, inlined_at, seen)
        case T.Call():
            if not node.builtin:
                yield node, inlined_at or node.pos
            yield from _calls(node.callee, inlined_at, seen)
            for a in reversed(node.args):
                yield from _calls(a, inlined_at, seen)
        case InlineCall():
            for a in reversed(node.args):
                yield from _calls(a, inlined_at, seen)
            if node.body is not None:
                yield from _calls(node.body, inlined_at or node.pos, seen)
        case T.Cond():
            for part in (node.cond, node.then, node.els):
                yield from _calls(part, inlined_at, seen)
        case T.StmtExpr() if node.body is None:  # typed on trial: never lowered
            return
        case T.LocalVar() if node.storage is T.Storage.STATIC:  # static data, not code
            return
        case T.If():
            yield from _calls(node.cond, inlined_at, seen)
            if not node.then_dead:
                yield from _calls(node.then, inlined_at, seen)
            if not node.else_dead:
                yield from _calls(node.els, inlined_at, seen)
        case list() | tuple():
            for x in node:
                yield from _calls(x, inlined_at, seen)
        case _ if isinstance(node, _NODES):
            for child in _children(node):
                yield from _calls(child, inlined_at, seen)


def _children(node: object) -> Iterator[object]:
    """The parts of a tree node that are tree nodes (or sequences of them)."""
    names = getattr(node, "__dataclass_fields__", None) or _slot_names(type(node))
    for name in names:
        value = getattr(node, name, None)
        if isinstance(value, _NODES) or (isinstance(value, (list, tuple)) and value
                                         and isinstance(value[0], _NODES)):
            yield value


def _slot_names(cls: type) -> list[str]:
    """The `__slots__` of `cls` and its bases, most derived first. Compiled by mypyc
    a class has none (mypyc drops them): its own are the attributes `__mypyc_attrs__`
    lists beyond its base's, sorted as its source lists them (ruff keeps `__slots__`
    sorted), so both builds walk a node's children, and report its calls, in one order."""
    names: list[str] = []
    for c in cls.__mro__:
        own = getattr(c, "__slots__", None)
        if own is None:
            attrs = c.__dict__.get("__mypyc_attrs__")
            if attrs is None:
                continue
            base = c.__mro__[1].__dict__.get("__mypyc_attrs__", ()) if len(c.__mro__) > 1 \
                else ()
            own = sorted(a for a in attrs if a not in base)
        names += own
    return names
